/**
 * Seed data for the currencies offered on the site, in display order.
 *
 * `rate` is the mid-market number of units of the currency per 1 GBP on
 * SEED_RATES_AS_OF, as an exact decimal string with four decimals.
 * `sell` is the Click & Collect margin in percent (negative: applied when we
 * sell currency to the customer) and `buy` is the Click & Sell margin in
 * percent (positive: applied when we buy currency back). Both are decimal
 * strings with at most two decimals, and `buy` is always greater than `sell`.
 */
export type SeedCurrency = {
  code: string;
  label: string;
  rate: string;
  sell: string;
  buy: string;
};

export const SEED_RATES_AS_OF = "2026-11-02";

export const seedCurrencies: readonly SeedCurrency[] = [
  // Headline currencies
  { code: "EUR", label: "Euro", rate: "1.1520", sell: "-2.5", buy: "3" },
  { code: "USD", label: "US Dollar", rate: "1.3150", sell: "-2.5", buy: "3" },

  // Other popular travel currencies
  { code: "AED", label: "UAE Dirham", rate: "4.8293", sell: "-3.5", buy: "5" },
  { code: "AUD", label: "Australian Dollar", rate: "2.0076", sell: "-3", buy: "4.5" },
  { code: "CAD", label: "Canadian Dollar", rate: "1.8410", sell: "-3", buy: "4.5" },
  { code: "CHF", label: "Swiss Franc", rate: "1.0520", sell: "-3", buy: "4.5" },
  { code: "CNY", label: "Chinese Yuan", rate: "9.3630", sell: "-4.5", buy: "6.5" },
  { code: "CZK", label: "Czech Koruna", rate: "28.0100", sell: "-3.5", buy: "5" },
  { code: "DKK", label: "Danish Krone", rate: "8.5939", sell: "-3.5", buy: "5" },
  { code: "HKD", label: "Hong Kong Dollar", rate: "10.2307", sell: "-3.5", buy: "5" },
  { code: "HUF", label: "Hungarian Forint", rate: "449.2800", sell: "-3.5", buy: "5" },
  { code: "ISK", label: "Icelandic Krona", rate: "164.7400", sell: "-4.5", buy: "6.5" },
  { code: "JPY", label: "Japanese Yen", rate: "198.4500", sell: "-3", buy: "4.5" },
  { code: "MXN", label: "Mexican Peso", rate: "24.3275", sell: "-4.5", buy: "6.5" },
  { code: "NOK", label: "Norwegian Krone", rate: "13.3250", sell: "-3.5", buy: "5" },
  { code: "NZD", label: "New Zealand Dollar", rate: "2.2881", sell: "-3.5", buy: "5" },
  { code: "PLN", label: "Polish Zloty", rate: "4.8960", sell: "-3.5", buy: "5" },
  { code: "SEK", label: "Swedish Krona", rate: "12.6144", sell: "-3.5", buy: "5" },
  { code: "SGD", label: "Singapore Dollar", rate: "1.7095", sell: "-3.5", buy: "5" },
  { code: "THB", label: "Thai Baht", rate: "42.7375", sell: "-4", buy: "6" },
  { code: "TRY", label: "Turkish Lira", rate: "55.2300", sell: "-4.5", buy: "6.5" },
  { code: "ZAR", label: "South African Rand", rate: "22.8810", sell: "-4.5", buy: "6.5" },

  // Everything else, alphabetically by code
  { code: "ALL", label: "Albanian Lek", rate: "109.1450", sell: "-7.5", buy: "10" },
  { code: "AMD", label: "Armenian Dram", rate: "503.6450", sell: "-8.5", buy: "11" },
  { code: "ARS", label: "Argentine Peso", rate: "1906.7500", sell: "-9", buy: "12" },
  { code: "AWG", label: "Aruban Florin", rate: "2.3539", sell: "-7.5", buy: "10" },
  { code: "AZN", label: "Azerbaijani Manat", rate: "2.2355", sell: "-8", buy: "10.5" },
  { code: "BAM", label: "Bosnia-Herzegovina Convertible Mark", rate: "2.2531", sell: "-6.5", buy: "9" },
  { code: "BBD", label: "Barbados Dollar", rate: "2.6300", sell: "-6", buy: "8" },
  { code: "BHD", label: "Bahraini Dinar", rate: "0.4944", sell: "-6", buy: "8" },
  { code: "BMD", label: "Bermudian Dollar", rate: "1.3150", sell: "-6.5", buy: "9" },
  { code: "BND", label: "Brunei Dollar", rate: "1.7095", sell: "-7", buy: "9.5" },
  { code: "BRL", label: "Brazilian Real", rate: "7.0353", sell: "-6", buy: "8" },
  { code: "BSD", label: "Bahamian Dollar", rate: "1.3150", sell: "-6.5", buy: "9" },
  { code: "BWP", label: "Botswana Pula", rate: "17.6210", sell: "-8", buy: "10.5" },
  { code: "CLP", label: "Chilean Peso", rate: "1236.1000", sell: "-7", buy: "9.5" },
  { code: "COP", label: "Colombian Peso", rate: "5062.7500", sell: "-7", buy: "9.5" },
  { code: "CRC", label: "Costa Rican Colon", rate: "660.1300", sell: "-7", buy: "9.5" },
  { code: "CVE", label: "Cape Verdean Escudo", rate: "127.0253", sell: "-7", buy: "9.5" },
  { code: "DOP", label: "Dominican Peso", rate: "83.5025", sell: "-6.5", buy: "9" },
  { code: "EGP", label: "Egyptian Pound", rate: "62.4625", sell: "-7", buy: "9.5" },
  { code: "FJD", label: "Fijian Dollar", rate: "2.9851", sell: "-7.5", buy: "10" },
  { code: "GEL", label: "Georgian Lari", rate: "3.5637", sell: "-8", buy: "10.5" },
  { code: "GTQ", label: "Guatemalan Quetzal", rate: "10.0861", sell: "-8", buy: "10.5" },
  { code: "IDR", label: "Indonesian Rupiah", rate: "21829.0000", sell: "-6", buy: "8" },
  { code: "ILS", label: "Israeli New Shekel", rate: "4.3395", sell: "-5.5", buy: "7.5" },
  { code: "INR", label: "Indian Rupee", rate: "116.3775", sell: "-6", buy: "8" },
  { code: "JMD", label: "Jamaican Dollar", rate: "210.4000", sell: "-7", buy: "9.5" },
  { code: "JOD", label: "Jordanian Dinar", rate: "0.9323", sell: "-6.5", buy: "9" },
  { code: "KES", label: "Kenyan Shilling", rate: "169.6350", sell: "-7.5", buy: "10" },
  { code: "KHR", label: "Cambodian Riel", rate: "5273.1500", sell: "-8.5", buy: "11" },
  { code: "KRW", label: "South Korean Won", rate: "1880.4500", sell: "-5.5", buy: "7.5" },
  { code: "KWD", label: "Kuwaiti Dinar", rate: "0.4030", sell: "-6", buy: "8" },
  { code: "KYD", label: "Cayman Islands Dollar", rate: "1.0958", sell: "-7", buy: "9.5" },
  { code: "KZT", label: "Kazakhstani Tenge", rate: "690.3750", sell: "-8.5", buy: "11" },
  { code: "LKR", label: "Sri Lankan Rupee", rate: "397.1300", sell: "-7.5", buy: "10" },
  { code: "MAD", label: "Moroccan Dirham", rate: "12.0980", sell: "-6", buy: "8" },
  { code: "MDL", label: "Moldovan Leu", rate: "22.3550", sell: "-8.5", buy: "11" },
  { code: "MKD", label: "Macedonian Denar", rate: "70.8480", sell: "-8", buy: "10.5" },
  { code: "MOP", label: "Macanese Pataca", rate: "10.5332", sell: "-8", buy: "10.5" },
  { code: "MUR", label: "Mauritian Rupee", rate: "59.8325", sell: "-6.5", buy: "9" },
  { code: "MVR", label: "Maldivian Rufiyaa", rate: "20.2773", sell: "-8", buy: "10.5" },
  { code: "MYR", label: "Malaysian Ringgit", rate: "5.5493", sell: "-5.5", buy: "7.5" },
  { code: "NAD", label: "Namibian Dollar", rate: "22.8810", sell: "-8", buy: "10.5" },
  { code: "OMR", label: "Omani Rial", rate: "0.5056", sell: "-6", buy: "8" },
  { code: "PEN", label: "Peruvian Sol", rate: "4.4710", sell: "-7", buy: "9.5" },
  { code: "PHP", label: "Philippine Peso", rate: "76.9275", sell: "-6", buy: "8" },
  { code: "QAR", label: "Qatari Riyal", rate: "4.7866", sell: "-5.5", buy: "7.5" },
  { code: "RON", label: "Romanian Leu", rate: "5.8522", sell: "-5.5", buy: "7.5" },
  { code: "RSD", label: "Serbian Dinar", rate: "135.0144", sell: "-7", buy: "9.5" },
  { code: "SAR", label: "Saudi Riyal", rate: "4.9313", sell: "-5.5", buy: "7.5" },
  { code: "SCR", label: "Seychellois Rupee", rate: "18.6730", sell: "-8", buy: "10.5" },
  { code: "TTD", label: "Trinidad and Tobago Dollar", rate: "8.9157", sell: "-7.5", buy: "10" },
  { code: "TWD", label: "New Taiwan Dollar", rate: "40.3705", sell: "-6", buy: "8" },
  { code: "TZS", label: "Tanzanian Shilling", rate: "3221.7500", sell: "-8.5", buy: "11" },
  { code: "UGX", label: "Ugandan Shilling", rate: "4576.2000", sell: "-8.5", buy: "11" },
  { code: "UYU", label: "Uruguayan Peso", rate: "52.3370", sell: "-8.5", buy: "11" },
  { code: "VND", label: "Vietnamese Dong", rate: "34584.5000", sell: "-6.5", buy: "9" },
  { code: "XAF", label: "Central African CFA Franc", rate: "755.6625", sell: "-8.5", buy: "11" },
  { code: "XCD", label: "East Caribbean Dollar", rate: "3.5505", sell: "-6.5", buy: "9" },
  { code: "XOF", label: "West African CFA Franc", rate: "755.6625", sell: "-8.5", buy: "11" },
  { code: "XPF", label: "CFP Franc", rate: "137.4682", sell: "-8", buy: "10.5" },
];

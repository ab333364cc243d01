import { describe, expect, it } from "vitest";
import {
  DEFAULT_SANCTIONS_MATCH_THRESHOLD,
  jaroWinkler,
  nameSimilarity,
  normaliseName,
  SanctionsIndex,
} from "./sanctions-screening.ts";

describe("normaliseName", () => {
  it("lowercases, strips diacritics, transliterates the letters NFKD keeps, and splits on punctuation", () => {
    expect(normaliseName("  José  MARÍA-Núñez ")).toEqual(["jose", "maria", "nunez"]);
    expect(normaliseName("Søren Kierkegaard")).toEqual(["soren", "kierkegaard"]);
    expect(normaliseName("Łukasz Straße")).toEqual(["lukasz", "strasse"]);
    expect(normaliseName("Æsa O'Neil")).toEqual(["aesa", "o", "neil"]);
    expect(normaliseName("...")).toEqual([]);
  });
});

describe("jaroWinkler", () => {
  it("gives the textbook values", () => {
    expect(jaroWinkler("martha", "marhta")).toBeCloseTo(0.961, 3);
    expect(jaroWinkler("dwayne", "duane")).toBeCloseTo(0.84, 2);
    expect(jaroWinkler("dixon", "dicksonx")).toBeCloseTo(0.813, 3);
    expect(jaroWinkler("abc", "abc")).toBe(1);
    expect(jaroWinkler("abc", "xyz")).toBe(0);
    expect(jaroWinkler("", "a")).toBe(0);
  });
});

describe("nameSimilarity", () => {
  it("does not depend on the order of the tokens", () => {
    expect(nameSimilarity(normaliseName("Ivan Petrov"), normaliseName("PETROV, Ivan"))).toBe(1);
  });
  it("meets a list name with a middle name the customer did not give", () => {
    expect(nameSimilarity(normaliseName("Ivan Petrov"), normaliseName("Ivan Sergeyevich Petrov"))).toBe(1);
  });
  it("counts every token of both sides for a one-token name", () => {
    const s = nameSimilarity(normaliseName("Madonna"), normaliseName("Madonna Ciccone"));
    expect(s).toBeLessThan(DEFAULT_SANCTIONS_MATCH_THRESHOLD);
  });
});

describe("SanctionsIndex", () => {
  const index = new SanctionsIndex([
    { entryId: "RUS0001", name: "PETROV Ivan" },
    { entryId: "RUS0001", name: "PETROFF Ivan" },
    { entryId: "IRN0001", name: "KARIMI Reza" },
    { entryId: "GHR0002", name: "MÜLLER Jürgen" },
  ]);

  it("matches a reordered name, and an accented name written without its accents (and the reverse)", () => {
    expect(index.screen("Ivan Petrov", 0.9)).toMatchObject({ score: 1, result: "match", best: { entryId: "RUS0001" } });
    expect(index.screen("Jurgen Muller", 0.9)).toMatchObject({
      score: 1,
      result: "match",
      best: { entryId: "GHR0002" },
    });
    expect(index.screen("Réza Karimi", 0.9)).toMatchObject({ score: 1, result: "match" });
  });

  it("matches a one-letter misspelling above the threshold", () => {
    const outcome = index.screen("Ivan Petrof", DEFAULT_SANCTIONS_MATCH_THRESHOLD);
    expect(outcome.result).toBe("match");
    expect(outcome.score).toBeLessThan(1);
  });

  it("keeps a near miss below the default threshold clear, and the result follows the threshold", () => {
    const threshold = DEFAULT_SANCTIONS_MATCH_THRESHOLD;
    const outcome = index.screen("Ivan Peters", threshold);
    expect(outcome.score).toBe(0.922);
    expect(outcome).toMatchObject({ result: "clear", best: { entryId: "RUS0001" } });
    expect(index.screen("Ivan Peters", outcome.score).result).toBe("match");
    expect(index.screen("Ivana Petrovska", threshold)).toMatchObject({ score: 0.947, result: "match" });
  });

  it("leaves an unrelated name clear with no candidate", () => {
    expect(index.screen("Jane Smith", 0.9)).toEqual({ score: 0, result: "clear", best: null });
  });
});

describe("SanctionsIndex candidate groups", () => {
  const index = new SanctionsIndex([{ entryId: "RUS0001", name: "PETROV Ivan" }]);
  it("finds a name with one letter changed, dropped or swapped after the first in every token", () => {
    for (const name of ["Iwan Pterov", "Ivn Petov", "Iavn Pertov"]) {
      expect(index.screen(name, 0.5).best?.entryId, name).toBe("RUS0001");
    }
  });
});

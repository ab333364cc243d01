-- A branch hands over and buys back notes only. A currency's smallest note (minor units) is what staff set
-- on its Update page; null means the default of the domain's table (packages/domain whole-notes.ts).
ALTER TABLE "currencies" ADD COLUMN "smallest_note_minor" bigint;
--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_smallest_note_positive" CHECK ("smallest_note_minor" > 0);
--> statement-breakpoint
-- A Click & Collect quote and order line hand over `foreign_minor` in notes and give the rest of the
-- sterling paid back: the sterling paid less the notes' value at the line's rate, rounded up to the penny.
-- Lines and quotes made before whole notes gave nothing back.
ALTER TABLE "quotes" ADD COLUMN "sterling_back_minor" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_sterling_back_in_range" CHECK ("sterling_back_minor" >= 0 AND "sterling_back_minor" <= "gbp_minor");
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sterling_back_minor" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_sterling_back_in_range" CHECK ("sterling_back_minor" >= 0 AND "sterling_back_minor" <= "gbp_minor");

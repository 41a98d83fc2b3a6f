-- Physical phonorecords (docs/product-rules.md, "Formats"): only these can be filed with the Copyright Office when an owner is not
-- in its records.
UPDATE "formats" SET "physical" = true WHERE "id" IN (1001, 1005, 1006, 1007, 1008, 1009, 1011);
--> statement-breakpoint
-- The Copyright Office's fee for a notice of intention filed with it, one title (37 CFR 201.3(c), the fee schedule
-- in force since March 20, 2020): $75.00, in hundredths of a cent. A new fee is a new row.
INSERT INTO "copyright_office_fees" ("effective_from", "notice_of_intention") VALUES ('2020-03-20', 750000);

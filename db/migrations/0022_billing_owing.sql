ALTER TABLE "requests" ADD COLUMN "invoiced_royalty" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "invoiced_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "owing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written: each request carries what its live invoice lines hold (lines not credited, on invoices not void) and
-- whether it still owes something beyond them, kept by triggers in the writing transaction, so every writer (issuing,
-- voiding, crediting, a royalty recomputed, a status change, SQL fills) keeps them true. Inserted and deleted lines
-- are added per statement from the transition table; a line's update (a credit) and an invoice's move in or out of
-- void per row, only when what counts changes. Writers lock the requests first (issuing and status changes already
-- do; voiding locks its invoice's requests before the account), so these updates never wait in the other order.
-- `owing` mirrors listOwing (lib/money/requests-owing.ts): an invoiceable status (INVOICEABLE) and a royalty or fee,
-- each rounded half up to cents as amountDue rounds it, above what the lines hold. The status is compared as text:
-- need_payment was added to the enum by a later migration than the type, and on a fresh database every migration
-- runs in one transaction, where PostgreSQL refuses such a value as an enum literal.
CREATE FUNCTION request_owing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owing := NEW.status_code::text IN ('need_payment', 'in_progress', 'licensed')
    AND ((NEW.royalty_total + 50) / 100 * 100 > NEW.invoiced_royalty OR (NEW.service_fee + 50) / 100 * 100 > NEW.invoiced_fee);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "requests_owing" BEFORE INSERT OR UPDATE OF "status_code", "royalty_total", "service_fee", "invoiced_royalty", "invoiced_fee", "owing"
  ON "requests" FOR EACH ROW EXECUTE FUNCTION request_owing();--> statement-breakpoint
CREATE FUNCTION keep_invoiced_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE requests r SET invoiced_royalty = r.invoiced_royalty + s.royalty, invoiced_fee = r.invoiced_fee + s.fee
    FROM (SELECT l.request_id, sum(l.royalty) royalty, sum(l.fee) fee FROM inserted l JOIN invoices i ON i.id = l.invoice_id
      WHERE l.request_id IS NOT NULL AND l.credited_at IS NULL AND i.status <> 'void' GROUP BY 1) s
    WHERE r.id = s.request_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE requests r SET invoiced_royalty = r.invoiced_royalty - s.royalty, invoiced_fee = r.invoiced_fee - s.fee
    FROM (SELECT l.request_id, sum(l.royalty) royalty, sum(l.fee) fee FROM deleted l JOIN invoices i ON i.id = l.invoice_id
      WHERE l.request_id IS NOT NULL AND l.credited_at IS NULL AND i.status <> 'void' GROUP BY 1) s
    WHERE r.id = s.request_id;
  ELSE
    IF OLD.request_id IS NOT NULL AND OLD.credited_at IS NULL AND (SELECT status FROM invoices WHERE id = OLD.invoice_id) <> 'void' THEN
      UPDATE requests SET invoiced_royalty = invoiced_royalty - OLD.royalty, invoiced_fee = invoiced_fee - OLD.fee WHERE id = OLD.request_id;
    END IF;
    IF NEW.request_id IS NOT NULL AND NEW.credited_at IS NULL AND (SELECT status FROM invoices WHERE id = NEW.invoice_id) <> 'void' THEN
      UPDATE requests SET invoiced_royalty = invoiced_royalty + NEW.royalty, invoiced_fee = invoiced_fee + NEW.fee WHERE id = NEW.request_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoice_lines_invoiced_inserted" AFTER INSERT ON "invoice_lines" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION keep_invoiced_lines();--> statement-breakpoint
CREATE TRIGGER "invoice_lines_invoiced_deleted" AFTER DELETE ON "invoice_lines" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION keep_invoiced_lines();--> statement-breakpoint
CREATE TRIGGER "invoice_lines_invoiced_changed" AFTER UPDATE OF "request_id", "invoice_id", "royalty", "fee", "credited_at" ON "invoice_lines" FOR EACH ROW
  WHEN (OLD."request_id" IS DISTINCT FROM NEW."request_id" OR OLD."invoice_id" <> NEW."invoice_id" OR OLD."royalty" <> NEW."royalty"
    OR OLD."fee" <> NEW."fee" OR (OLD."credited_at" IS NULL) <> (NEW."credited_at" IS NULL))
  EXECUTE FUNCTION keep_invoiced_lines();--> statement-breakpoint
-- An invoice voided takes its uncredited lines off their requests; one brought back from void (nothing does) adds them.
CREATE FUNCTION keep_invoiced_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign integer := CASE WHEN NEW.status = 'void' THEN -1 ELSE 1 END;
BEGIN
  UPDATE requests r SET invoiced_royalty = r.invoiced_royalty + sign * s.royalty, invoiced_fee = r.invoiced_fee + sign * s.fee
  FROM (SELECT request_id, sum(royalty) royalty, sum(fee) fee FROM invoice_lines
    WHERE invoice_id = NEW.id AND request_id IS NOT NULL AND credited_at IS NULL GROUP BY 1) s
  WHERE r.id = s.request_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_invoiced_voided" AFTER UPDATE OF "status" ON "invoices" FOR EACH ROW
  WHEN ((OLD."status" = 'void') <> (NEW."status" = 'void')) EXECUTE FUNCTION keep_invoiced_invoices();--> statement-breakpoint
-- The requests already there. Creating the triggers above locked these tables against writes until this migration
-- commits, so nothing is counted twice or missed. Only the rows whose values change are written: those with live
-- lines, then those still owing (the first update sets `owing` of the rows it writes through the trigger). Invoices
-- cannot be deleted while they have lines (the foreign key refuses it), so no trigger is needed there.
UPDATE "requests" r SET "invoiced_royalty" = s.royalty, "invoiced_fee" = s.fee
  FROM (SELECT l.request_id, sum(l.royalty) royalty, sum(l.fee) fee FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
    WHERE l.request_id IS NOT NULL AND l.credited_at IS NULL AND i.status <> 'void' GROUP BY 1) s
  WHERE r.id = s.request_id;--> statement-breakpoint
UPDATE "requests" SET "owing" = true WHERE NOT "owing" AND "status_code"::text IN ('need_payment', 'in_progress', 'licensed')
  AND (("royalty_total" + 50) / 100 * 100 > "invoiced_royalty" OR ("service_fee" + 50) / 100 * 100 > "invoiced_fee");--> statement-breakpoint
CREATE INDEX "requests_owing_idx" ON "requests" USING btree ("account_id") WHERE "requests"."owing";--> statement-breakpoint
-- Billing's "payment needed" starts from the open invoices, few at any time.
CREATE INDEX "invoices_open_idx" ON "invoices" USING btree ("account_id") WHERE "invoices"."status" = 'open';
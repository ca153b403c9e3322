ALTER TABLE "refunds" ADD COLUMN "provider_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "next_try_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_try_at") WHERE "refunds"."status" in ('pendente', 'em_processamento');--> statement-breakpoint
-- Refunds kept before the ledger: a failed one is asked again; a refusal is an alert; a confirmed one is final.
UPDATE "refunds" SET "status" = 'pendente' WHERE "status" = 'falhou';--> statement-breakpoint
UPDATE "refunds" SET "status" = 'recusado', "settled_at" = now() WHERE "status" IN ('nao_realizado', 'rejected', 'cancelled');--> statement-breakpoint
UPDATE "refunds" SET "settled_at" = now() WHERE "status" = 'devolvido';

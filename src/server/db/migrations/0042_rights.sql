CREATE TABLE "deletion_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text DEFAULT 'aberta' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"order_number" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refund_when" text DEFAULT '' NOT NULL,
	"decided_by" text DEFAULT '' NOT NULL,
	"goods_back_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deletion_requests_open_idx" ON "deletion_requests" USING btree ("customer_id") WHERE "deletion_requests"."status" = 'aberta';--> statement-breakpoint
CREATE INDEX "withdrawals_open_idx" ON "withdrawals" USING btree ("requested_at") WHERE "withdrawals"."closed_at" is null;--> statement-breakpoint
-- The returns and privacy pages point to where each right is exercised in the store (left alone if the team edited them).
UPDATE "pages" SET "html" = '<p>Você tem até 7 dias corridos após o recebimento para desistir da compra, conforme o Código de Defesa do Consumidor (art. 49), sem precisar dar motivo.</p><p>Entre em <a href="/minha-conta/pedidos">Minha conta › Meus pedidos</a>, abra o pedido e use o botão <strong>Desistir da compra</strong>: a desistência fica registrada na hora e você recebe a confirmação por e-mail. Devolvemos o valor pago pelo mesmo meio de pagamento, e nossa equipe combina com você a volta do produto.</p>' WHERE "slug" = 'trocas-e-devolucoes' AND "html" = '<p>Você tem até 7 dias corridos após o recebimento para desistir da compra, conforme o Código de Defesa do Consumidor. Solicite pelo Troque Fácil ou pela central de atendimento.</p>';--> statement-breakpoint
UPDATE "pages" SET "html" = '<p>Tratamos seus dados pessoais de acordo com a Lei Geral de Proteção de Dados (LGPD). Usamos seus dados apenas para processar pedidos, entregar produtos e, com seu consentimento, enviar ofertas.</p><p>Em <a href="/minha-conta/privacidade">Minha conta › Privacidade</a> você baixa uma cópia de todos os seus dados, retira cada consentimento com um clique e pede a exclusão da sua conta, respondida em até 15 dias. Os pedidos e as notas fiscais ficam guardados pelo prazo que a lei fiscal exige (5 anos), sem seus outros dados.</p>' WHERE "slug" = 'politica-de-privacidade' AND "html" = '<p>Tratamos seus dados pessoais de acordo com a Lei Geral de Proteção de Dados (LGPD). Usamos seus dados apenas para processar pedidos, entregar produtos e, com seu consentimento, enviar ofertas.</p>';--> statement-breakpoint
-- The footer's help menu gains the way to withdraw from a purchase, before the exchanges service.
UPDATE "menus" SET "items" = (
  SELECT jsonb_agg(e ORDER BY o) FROM (
    SELECT e, o::numeric AS o FROM jsonb_array_elements("items") WITH ORDINALITY AS x(e, o)
    UNION ALL
    SELECT jsonb_build_object('id', 9001, 'label', 'Desistir de uma compra', 'link', '/minha-conta/pedidos', 'target', '', 'idTipo', 1, 'destaque', false, 'icone', '', 'imagem', '', 'imagemOriginal', '', 'rota', jsonb_build_object('name', 'page', 'path', '/minha-conta/pedidos', 'params', '{}'::jsonb, 'query', '{}'::jsonb), 'sub', '[]'::jsonb), o - 0.5
    FROM jsonb_array_elements("items") WITH ORDINALITY AS y(e, o) WHERE e->>'label' = 'Troque Fácil'
  ) AS z
) WHERE "hash" = 'footer-ajuda' AND NOT "items" @> '[{"link": "/minha-conta/pedidos"}]' AND "items" @> '[{"label": "Troque Fácil"}]';

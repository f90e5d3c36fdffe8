-- The checkout bench's pgbench side (bench/checkout.ts, docs/bench.md "Checkout"): one
-- checkout as the app's code issues it, statement for statement (logged with
-- log_statement=all: `node --import tsx --import ./scripts/outside-next.mjs bench/checkout.ts --sql-log`),
-- with the same transactions, row locks, advisory locks, reads and inserts, each statement one
-- round trip, run with `pgbench -n -M extended` (unnamed statements, as postgres.js sends them).
-- What it leaves out is the app's own work between statements (JavaScript, JSON, signing).
-- Carts, buyers and the shop are the bench's (bench/checkout.ts seeds them); each run of
-- this script consumes the next cart of its range (sequence bench_checkout_cart_seq).

-- 1. placeOrder: the rate limit (checkout:<buyer>), which also picks this run's cart; one
--    statement committed on its own, as the app sends it (lib/rate-limit/counter.ts)
WITH s AS (SELECT nextval('bench_checkout_cart_seq') AS n),
     w AS (SELECT to_timestamp(floor(extract(epoch FROM now()) / 60) * 60) AS start)
INSERT INTO rate_limits AS r (key, window_start, count, expires_at)
SELECT 'checkout:' || '00000000-0000-4000-9000-2' || lpad(s.n::text, 11, '0'), w.start, 1,
       w.start + make_interval(secs => 60)
FROM s, w
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN r.window_start = excluded.window_start THEN r.count + 1 ELSE 1 END,
  window_start = excluded.window_start,
  expires_at = excluded.expires_at
RETURNING r.count AS tries, ceil(extract(epoch FROM (r.expires_at - now())))::int AS retry_after,
  substr(r.key, 10) AS usr, replace(substr(r.key, 10), '-9000-', '-8000-') AS cart
\gset

-- 2. placeOrder's transaction: the cart locked, its lines and units, the unit's advisory
--    lock, everyone else's holds, the shop's terms, the order, its line and event, the cart gone
BEGIN;
SELECT set_config('app.context', 'system:' || 'orders: place', true);
SELECT c.id AS cart_id, c.organisation_id AS org, o.name AS org_name, c.currency
FROM carts c LEFT JOIN organisations o ON o.id = c.organisation_id
WHERE c.id = :cart::uuid AND c.user_id = :usr::uuid
FOR UPDATE OF c
\gset
SELECT id AS line_id, sellable_kind AS kind, sellable_id AS variant, quantity
FROM cart_lines WHERE cart_id = :cart::uuid ORDER BY added_at, id
\gset
SELECT pv.id AS unit_id, pv.organisation_id AS unit_org, l.id AS listing, l.title, p.options,
       p.tax_class, pv.option_values, pv.price_minor AS price, l.currency AS unit_currency,
       pv.track_stock, pv.stock,
       coalesce(
         (SELECT json_build_object('fileId', i.file_id, 'alt', i.alt_text, 'width', i.width, 'height', i.height)
            FROM listing_images i WHERE i.listing_id = l.id AND i.file_id = pv.image_file_id LIMIT 1),
         (SELECT json_build_object('fileId', i.file_id, 'alt', i.alt_text, 'width', i.width, 'height', i.height)
            FROM listing_images i WHERE i.listing_id = l.id ORDER BY i.position LIMIT 1)) AS cover
FROM product_variants pv
JOIN products p ON p.listing_id = pv.product_id
JOIN listings l ON l.id = pv.product_id
WHERE pv.id IN (:variant::uuid) AND l.kind = 'product' AND l.status = 'published'
\gset
SELECT id, listing_id, kind, value, ends_at FROM offers
WHERE listing_id IN (:listing::uuid) AND (ended_at IS NULL AND starts_at <= now()
  AND ends_at > now() AND (usage_limit IS NULL OR used < usage_limit));
SELECT pg_advisory_xact_lock(hashtextextended('product_variant:' || :variant::text, 0));
SELECT sellable_id, sum(quantity)::int AS held FROM (
  SELECT l.sellable_id, l.quantity FROM cart_lines l
  WHERE l.sellable_kind = 'product_variant' AND l.sellable_id = any (string_to_array(:variant::text, ',')::uuid[])
    AND l.hold_expires_at > now() AND l.cart_id IS DISTINCT FROM :cart::uuid
  UNION ALL
  SELECT ol.sellable_id, ol.quantity FROM order_lines ol
  JOIN orders o ON o.id = ol.order_id
  WHERE ol.pending AND ol.sellable_kind = 'product_variant' AND ol.sellable_id = any (string_to_array(:variant::text, ',')::uuid[])
    AND ol.tracked AND o.status = 'pending' AND o.hold_expires_at > now()
    AND o.id IS DISTINCT FROM NULL::uuid
) h GROUP BY sellable_id;
SELECT prices_include_tax, pickup_enabled, pickup_note, version FROM selling_terms WHERE organisation_id = :org::uuid;
SELECT tax_class, basis_points, label FROM tax_rates WHERE organisation_id = :org::uuid;
SELECT id, name, price_minor, currency, tax_class FROM delivery_rates
WHERE organisation_id = :org::uuid AND active = true ORDER BY sort_order, name, id;
INSERT INTO orders (organisation_id, buyer_user_id, seller_name, reference, currency, prices_include_tax,
  subtotal_minor, discount_minor, delivery_minor, tax_minor, total_minor, discount_code, contact,
  shipping_address, delivery, hold_expires_at)
VALUES (:org::uuid, :usr::uuid, :org_name::text, upper(substr(md5(random()::text), 1, 4) || '-' || substr(md5(random()::text), 1, 4)),
  'EUR', true, :price, 0, 0, 0, :price, NULL,
  jsonb_build_object('name', 'Bench Buyer', 'email', 'bench@example.test', 'phone', NULL),
  NULL, '{"method": "pickup"}'::jsonb, now() + make_interval(mins => 15))
RETURNING id AS order_id, reference
\gset
INSERT INTO order_lines (order_id, organisation_id, position, sellable_kind, sellable_id, listing_id, title,
  option_label, quantity, unit_price_minor, normal_price_minor, offer_id, tracked, tax_class,
  tax_rate_basis_points, discount_minor, tax_minor, total_minor)
VALUES (:order_id::uuid, :org::uuid, 0, 'product_variant', :variant::uuid, :listing::uuid, :title::text, '', 1, :price,
  NULL, NULL, true, 'standard', 0, 0, 0, :price);
INSERT INTO order_events (order_id, organisation_id, kind, actor_user_id, detail)
VALUES (:order_id::uuid, :org::uuid, 'placed', :usr::uuid, jsonb_build_object('currency', 'EUR', 'totalMinor', :price::int));
DELETE FROM carts WHERE id = :cart::uuid;
COMMIT;

-- 3. paySandboxOrder: its rate limit, the buyer's order read (each one statement on its own)
WITH w AS (SELECT to_timestamp(floor(extract(epoch FROM now()) / 60) * 60) AS start)
INSERT INTO rate_limits AS r (key, window_start, count, expires_at)
SELECT 'pay:' || :usr::text, w.start, 1, w.start + make_interval(secs => 60) FROM w
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN r.window_start = excluded.window_start THEN r.count + 1 ELSE 1 END,
  window_start = excluded.window_start,
  expires_at = excluded.expires_at
RETURNING r.count, ceil(extract(epoch FROM (r.expires_at - now())))::int AS retry_after;
SELECT * FROM orders WHERE id = :order_id::uuid AND buyer_user_id = :usr::uuid;

-- 4. the sandbox creates the PaymentIntent (idempotency key order:<id>) and its event
BEGIN;
SELECT set_config('app.context', 'system:' || 'payments.sandbox', true);
SELECT * FROM sandbox_payments WHERE idempotency_key = 'order:' || :order_id::text;
INSERT INTO sandbox_payments (id, status, amount_minor, currency, metadata, client_secret, return_url,
  customer_id, save_for_later, description, idempotency_key, request_hash)
VALUES ('pi_sandbox' || substr(md5(random()::text), 1, 24), 'requires_payment_method', :price, 'eur',
  jsonb_build_object('orderId', :order_id::text, 'organisationId', :org::text),
  'pi_secret_' || md5(random()::text), '/commerce/checkout/' || :order_id::text, NULL, false,
  'Order ' || :reference::text, 'order:' || :order_id::text, md5(random()::text))
RETURNING id AS payment_id
\gset
INSERT INTO sandbox_events (id, type, payload, created_at)
VALUES ('evt_sandbox' || substr(md5(random()::text), 1, 24), 'payment.created',
  json_build_object('id', 'evt', 'object', 'event', 'type', 'payment.created', 'data',
    json_build_object('kind', 'payment', 'payment', json_build_object('id', :payment_id::text, 'provider', 'sandbox',
      'status', 'requires_payment_method', 'amountMinor', :price::int, 'currency', 'eur', 'amountRefundedMinor', 0,
      'metadata', json_build_object('orderId', :order_id::text, 'organisationId', :org::text),
      'clientSecret', md5(random()::text), 'nextActionUrl', NULL, 'customerId', NULL, 'paymentMethodId', NULL,
      'createdAt', now(), 'failureCode', NULL, 'description', 'Order ' || :reference::text)))::text, now())
RETURNING id AS created_event, payload AS created_payload
\gset
COMMIT;

-- 5. its delivery from memory: the webhook's insert (no handler for payment.created) and the
--    event marked delivered, in one transaction
BEGIN;
SELECT set_config('app.context', 'system:' || 'payments.webhook', true);
INSERT INTO payment_events (provider, event_id, type, provider_type, object_id, payload, occurred_at)
VALUES ('sandbox', :created_event::text, 'payment.created', 'payment.created', :payment_id::text, :created_payload::jsonb, now())
ON CONFLICT (provider, event_id) DO NOTHING RETURNING id;
UPDATE sandbox_events SET delivered_at = now(), attempts = attempts + 1 WHERE id = :created_event::text;
COMMIT;

-- 6. the order remembers its payment
BEGIN;
SELECT set_config('app.context', 'system:' || 'orders: payment started', true);
UPDATE orders SET payment_provider = 'sandbox', payment_id = :payment_id::text, updated_at = now()
WHERE id = :order_id::uuid AND payment_id IS NULL RETURNING id;
INSERT INTO order_events (order_id, organisation_id, kind, actor_user_id, detail, at)
VALUES (:order_id::uuid, :org::uuid, 'payment_started', NULL, '{}'::jsonb, now() + make_interval(secs => 0));
COMMIT;

-- 7. the card confirmed at the sandbox: payment locked, method, success, its event
BEGIN;
SELECT set_config('app.context', 'system:' || 'payments.sandbox', true);
SELECT * FROM sandbox_payments WHERE id = :payment_id::text FOR UPDATE;
INSERT INTO sandbox_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, test_card)
VALUES ('pm_sandbox' || substr(md5(random()::text), 1, 24), NULL, 'visa', '4242', 12, 2040, 'pm_card_visa')
RETURNING id AS method_id
\gset
UPDATE sandbox_payments SET status = 'succeeded', failure_code = NULL, payment_method_id = :method_id::text, updated_at = now()
WHERE id = :payment_id::text RETURNING *;
INSERT INTO sandbox_events (id, type, payload, created_at)
VALUES ('evt_sandbox' || substr(md5(random()::text), 1, 24), 'payment.succeeded',
  json_build_object('id', 'evt', 'object', 'event', 'type', 'payment.succeeded', 'data',
    json_build_object('kind', 'payment', 'payment', json_build_object('id', :payment_id::text, 'provider', 'sandbox',
      'status', 'succeeded', 'amountMinor', :price::int, 'currency', 'eur', 'amountRefundedMinor', 0,
      'metadata', json_build_object('orderId', :order_id::text, 'organisationId', :org::text),
      'clientSecret', md5(random()::text), 'nextActionUrl', NULL, 'customerId', NULL, 'paymentMethodId', :method_id::text,
      'createdAt', now(), 'failureCode', NULL, 'description', 'Order ' || :reference::text)))::text, now())
RETURNING id AS succeeded_event, payload AS succeeded_payload
\gset
COMMIT;

-- 8. its delivery to the webhook path: the event recorded, the order confirmed in the same
--    transaction (order locked, lines, the unit's advisory lock, the hold, stock taken,
--    order paid and confirmed, timeline, the invoice numbered without gaps, the mail task)
BEGIN;
SELECT set_config('app.context', 'system:' || 'payments.webhook', true);
INSERT INTO payment_events (provider, event_id, type, provider_type, object_id, payload, occurred_at)
VALUES ('sandbox', :succeeded_event::text, 'payment.succeeded', 'payment.succeeded', :payment_id::text, :succeeded_payload::jsonb, now())
ON CONFLICT (provider, event_id) DO NOTHING RETURNING id;
SELECT * FROM orders WHERE id = :order_id::uuid FOR UPDATE;
SELECT sellable_kind, sellable_id, quantity, tracked FROM order_lines WHERE order_id = :order_id::uuid ORDER BY position;
SELECT pg_advisory_xact_lock(hashtextextended('product_variant:' || :variant::text, 0));
SELECT status = 'pending' AND hold_expires_at > now() AS holding FROM orders WHERE id = :order_id::uuid;
SELECT id, stock FROM product_variants WHERE id = any (string_to_array(:variant::text, ',')::uuid[]);
UPDATE product_variants SET stock = stock - 1 WHERE id = :variant::uuid AND track_stock = true;
UPDATE orders SET status = 'confirmed', payment_status = 'paid', payment_provider = 'sandbox',
  payment_id = :payment_id::text, confirmed_at = now(), updated_at = now()
WHERE id = :order_id::uuid;
INSERT INTO order_events (order_id, organisation_id, kind, actor_user_id, detail, at)
VALUES (:order_id::uuid, :org::uuid, 'paid', NULL, jsonb_build_object('amountMinor', :price::int), now()),
       (:order_id::uuid, :org::uuid, 'confirmed', NULL, '{}'::jsonb, now() + make_interval(secs => 0.001));
INSERT INTO order_tasks (order_id, organisation_id, kind, payload)
VALUES (:order_id::uuid, :org::uuid, 'mail', '{"mail": "confirmed"}'::jsonb);
-- the income ledger's charge (lib/income/ledger.ts): the order, the shop's tier, the entry
SELECT * FROM orders WHERE id = :order_id::uuid;
SELECT tier, enabled FROM organisation_modules WHERE organisation_id = :org::uuid AND module = 'commerce';
INSERT INTO payment_balance_entries (organisation_id, kind, source_id, order_id, currency, gross_minor, fee_minor,
  net_minor, fee_basis_points, tier, available_on)
VALUES (:org::uuid, 'charge', :order_id::uuid, :order_id::uuid, 'EUR', :price, (:price * 5 + 50) / 100,
  :price - (:price * 5 + 50) / 100, 500, 'free', now() + interval '7 days')
ON CONFLICT (kind, source_id) DO NOTHING;
-- the receipt's card (lib/billing/receipt-events.ts), the verified reviews (lib/reviews/purchase-events.ts)
UPDATE orders SET card_brand = 'visa', card_last4 = '4242', updated_at = now()
WHERE id = :order_id::uuid AND payment_id = :payment_id::text AND card_brand IS NULL;
SELECT DISTINCT r.listing_id FROM reviews r
  JOIN orders o ON o.buyer_user_id = r.author_user_id AND o.organisation_id = r.organisation_id
WHERE o.id = :order_id::uuid
  AND r.listing_id IN (SELECT listing_id FROM order_lines WHERE order_id = :order_id::uuid);
-- the sandbox event marked delivered in the webhook's own transaction
UPDATE sandbox_events SET delivered_at = now(), attempts = attempts + 1 WHERE id = :succeeded_event::text;
-- the invoice last, before the commit (lib/db/run-context.ts beforeCommit): the lines and
-- the buyer's locale, the order's own lock, the series lock and its counter, the document
-- and its audit entry (the id made by the client)
SELECT * FROM order_lines WHERE order_id = :order_id::uuid ORDER BY position;
SELECT locale FROM profiles WHERE id = :usr::uuid;
SELECT pg_advisory_xact_lock(hashtextextended('invoices.order:' || :order_id::text, 0));
SELECT id, kind, number, organisation_id, order_id, currency, total_minor, issued_at FROM invoices
WHERE order_id = :order_id::uuid AND kind = 'invoice' LIMIT 1;
SELECT pg_advisory_xact_lock(hashtextextended('invoices.invoice:' || :org::text, 0));
WITH clock AS (
  SELECT clock_timestamp() AS at, coalesce(o.time_zone, 'UTC') AS time_zone
  FROM (SELECT 1) one LEFT JOIN public.organisations o ON o.id = :org::uuid
)
INSERT INTO public.invoice_counters AS c (organisation_id, kind, series_year, last_sequence)
SELECT :org::uuid, 'invoice', extract(year FROM clock.at AT TIME ZONE clock.time_zone)::int, 1 FROM clock
ON CONFLICT (organisation_id, kind, series_year) DO UPDATE SET last_sequence = c.last_sequence + 1
RETURNING c.last_sequence AS sequence, c.series_year AS year,
  (SELECT (extract(epoch FROM at) * 1000)::bigint::text FROM clock) AS at_ms,
  (SELECT time_zone FROM clock) AS time_zone
\gset
INSERT INTO invoices (id, organisation_id, kind, order_id, buyer_user_id, number, series_year, sequence, currency,
  subtotal_minor, discount_minor, delivery_minor, tax_minor, total_minor, snapshot, issued_at)
VALUES (md5('invoice:' || :order_id::text)::uuid, :org::uuid, 'invoice', :order_id::uuid, :usr::uuid, 'INV-' || :year || '-' || lpad(:sequence::text, 6, '0'),
  :year, :sequence, 'EUR', :price, 0, 0, 0, :price,
  jsonb_build_object('kind', 'invoice', 'version', 1, 'currency', 'EUR', 'locale', 'en', 'timeZone', 'UTC',
    'number', 'INV-' || :year || '-' || lpad(:sequence::text, 6, '0'), 'issuedAt', now(),
    'buyer', jsonb_build_object('name', 'Bench Buyer', 'email', 'bench@example.test', 'taxId', NULL, 'addressLines', '[]'::jsonb),
    'seller', jsonb_build_object('name', :org_name::text, 'email', NULL, 'taxId', NULL, 'addressLines', '[]'::jsonb),
    'lines', jsonb_build_array(jsonb_build_object('quantity', 1, 'taxMinor', 0, 'taxRateBps', 0, 'totalMinor', :price::int,
      'description', :title::text, 'unitPriceMinor', :price::int)),
    'taxes', jsonb_build_array(jsonb_build_object('rateBps', 0, 'taxMinor', 0, 'baseMinor', :price::int, 'grossMinor', :price::int)),
    'totals', jsonb_build_object('taxMinor', 0, 'totalMinor', :price::int, 'deliveryMinor', 0, 'discountMinor', 0, 'subtotalMinor', :price::int)),
  now())
RETURNING id, number;
INSERT INTO audit_entries (organisation_id, actor_user_id, action, resource_type, resource_id, before, after)
VALUES (:org::uuid, NULL, 'commerce.invoice.issue', 'invoice', md5('invoice:' || :order_id::text)::uuid, NULL,
  jsonb_build_object('name', 'INV-' || :year || '-' || lpad(:sequence::text, 6, '0'), 'orderId', :order_id::text, 'currency', 'EUR', 'totalMinor', :price::int));
COMMIT;

-- 9. after the answer, runOrderTasks: refunds to send, the mail task claimed, read, queued,
--    done (the refunds' read, the claim and the done mark are one statement each, on their own)
SELECT r.*, o.payment_id FROM order_refunds r JOIN orders o ON o.id = r.order_id
WHERE r.status = 'requested' AND r.send_after <= now() ORDER BY r.send_after LIMIT 20;
-- (the app claims every due task, each runner skipping the others'; here each run claims the
-- task of its own order, so that two runs never wait on each other's claimed rows)
UPDATE order_tasks SET attempts = attempts + 1,
  run_after = now() + make_interval(secs => least(3600, 30 * power(2, attempts)))
WHERE id IN (SELECT id FROM order_tasks WHERE done_at IS NULL AND run_after <= now()
  AND order_id = :order_id::uuid ORDER BY run_after LIMIT 20 FOR UPDATE SKIP LOCKED)
RETURNING *;
BEGIN;
SELECT set_config('app.context', 'system:' || 'orders: mail', true);
SELECT o.*, p.locale FROM orders o LEFT JOIN profiles p ON p.id = o.buyer_user_id WHERE o.id = :order_id::uuid;
SELECT title, quantity, total_minor FROM order_lines WHERE order_id = :order_id::uuid ORDER BY position;
COMMIT;
BEGIN;
SELECT set_config('app.context', 'system:' || 'mail', true);
INSERT INTO mail_outbox (from_address, to_address, subject, html, text, template, locale)
VALUES ('Live Market <no-reply@livemarket.local>', 'bench@example.test', 'Order ' || :reference::text || ' confirmed — ' || :org_name::text,
  repeat('<p>Thank you: your order is confirmed.</p>', 45), repeat('Thank you: your order is confirmed. ', 10),
  'orderUpdate', 'en')
RETURNING id;
COMMIT;
UPDATE order_tasks SET done_at = now(), last_error = NULL WHERE order_id = :order_id::uuid AND done_at IS NULL;

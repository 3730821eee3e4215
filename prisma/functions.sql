-- Database objects Prisma does not model, applied after the migrations on every start
-- (idempotent). The migration engine splits scripts at semicolons, so function bodies live here.
--
-- Tell every API server when a key's status or an account's standing changes, so that cached
-- authentications end. Each change takes a number from "auth_version"; the payload is
-- '<version> key:<sha256>' or '<version> account:<id>'. An API server compares the sequence's
-- current value with the versions it has received before trusting its cache (see
-- lib/api/gateway/auth-directory.ts). lastUsedAt updates do not notify.
CREATE SEQUENCE IF NOT EXISTS "auth_version";

CREATE OR REPLACE FUNCTION "notify_auth_change"() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'ApiKey' THEN
    PERFORM pg_notify('auth_changed', nextval('auth_version') || ' key:' || COALESCE(NEW."hash", OLD."hash"));
  ELSE
    PERFORM pg_notify('auth_changed', nextval('auth_version') || ' account:' || COALESCE(NEW."id", OLD."id"));
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS "ApiKey_auth_changed" ON "ApiKey";
CREATE TRIGGER "ApiKey_auth_changed" AFTER UPDATE OF "status" OR DELETE ON "ApiKey"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_change"();

DROP TRIGGER IF EXISTS "Account_auth_changed" ON "Account";
CREATE TRIGGER "Account_auth_changed"
  AFTER UPDATE OF "blockedAt", "hasPaymentMethod", "billingByInvoice" OR DELETE ON "Account"
  FOR EACH ROW EXECUTE FUNCTION "notify_auth_change"();

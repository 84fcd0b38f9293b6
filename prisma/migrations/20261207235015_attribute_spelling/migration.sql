-- One spelling per device, OS and browser name, as lib/transcripts/attribute-names.ts gives it to
-- every transcript stored from now on: the stored transcripts and the hourly counts they feed.
UPDATE "Transcript" SET "device" = CASE
    WHEN lower("device") = 'desktop' THEN 'Desktop'
    WHEN lower("device") = 'mobile' THEN 'Mobile'
    WHEN lower("device") = 'tablet' THEN 'Tablet'
    WHEN lower("device") = 'phone' THEN 'Phone'
    WHEN lower("device") = 'tv' THEN 'TV'
    WHEN lower("device") = 'unknown' THEN 'unknown'
    WHEN "device" = lower("device") THEN upper(substr("device", 1, 1)) || substr("device", 2)
    ELSE "device"
  END
WHERE "device" IS NOT NULL;

UPDATE "Transcript" SET "os" = CASE
    WHEN lower("os") = 'macos' THEN 'macOS'
    WHEN lower("os") = 'mac os' THEN 'macOS'
    WHEN lower("os") = 'mac os x' THEN 'macOS'
    WHEN lower("os") = 'osx' THEN 'macOS'
    WHEN lower("os") = 'windows' THEN 'Windows'
    WHEN lower("os") = 'linux' THEN 'Linux'
    WHEN lower("os") = 'android' THEN 'Android'
    WHEN lower("os") = 'ios' THEN 'iOS'
    WHEN lower("os") = 'ipados' THEN 'iPadOS'
    WHEN lower("os") = 'chromeos' THEN 'ChromeOS'
    WHEN lower("os") = 'chrome os' THEN 'ChromeOS'
    WHEN lower("os") = 'ubuntu' THEN 'Ubuntu'
    WHEN lower("os") = 'unknown' THEN 'unknown'
    WHEN "os" = lower("os") THEN upper(substr("os", 1, 1)) || substr("os", 2)
    ELSE "os"
  END
WHERE "os" IS NOT NULL;

UPDATE "Transcript" SET "browser" = CASE
    WHEN lower("browser") = 'chrome' THEN 'Chrome'
    WHEN lower("browser") = 'firefox' THEN 'Firefox'
    WHEN lower("browser") = 'safari' THEN 'Safari'
    WHEN lower("browser") = 'edge' THEN 'Edge'
    WHEN lower("browser") = 'opera' THEN 'Opera'
    WHEN lower("browser") = 'ie' THEN 'IE'
    WHEN lower("browser") = 'internet explorer' THEN 'Internet Explorer'
    WHEN lower("browser") = 'samsung internet' THEN 'Samsung Internet'
    WHEN lower("browser") = 'mobile safari' THEN 'Mobile Safari'
    WHEN lower("browser") = 'chrome mobile' THEN 'Chrome Mobile'
    WHEN lower("browser") = 'brave' THEN 'Brave'
    WHEN lower("browser") = 'vivaldi' THEN 'Vivaldi'
    WHEN lower("browser") = 'unknown' THEN 'unknown'
    WHEN "browser" = lower("browser") THEN upper(substr("browser", 1, 1)) || substr("browser", 2)
    ELSE "browser"
  END
WHERE "browser" IS NOT NULL;

-- Counts of names now spelled alike are added together.
CREATE TEMPORARY TABLE "TranscriptHourAttributeSpelled" AS
SELECT "dimension", "hour", CASE "dimension"
  WHEN 'device' THEN CASE
      WHEN lower("value") = 'desktop' THEN 'Desktop'
      WHEN lower("value") = 'mobile' THEN 'Mobile'
      WHEN lower("value") = 'tablet' THEN 'Tablet'
      WHEN lower("value") = 'phone' THEN 'Phone'
      WHEN lower("value") = 'tv' THEN 'TV'
      WHEN lower("value") = 'unknown' THEN 'unknown'
      WHEN "value" = lower("value") THEN upper(substr("value", 1, 1)) || substr("value", 2)
      ELSE "value"
    END
  WHEN 'os' THEN CASE
      WHEN lower("value") = 'macos' THEN 'macOS'
      WHEN lower("value") = 'mac os' THEN 'macOS'
      WHEN lower("value") = 'mac os x' THEN 'macOS'
      WHEN lower("value") = 'osx' THEN 'macOS'
      WHEN lower("value") = 'windows' THEN 'Windows'
      WHEN lower("value") = 'linux' THEN 'Linux'
      WHEN lower("value") = 'android' THEN 'Android'
      WHEN lower("value") = 'ios' THEN 'iOS'
      WHEN lower("value") = 'ipados' THEN 'iPadOS'
      WHEN lower("value") = 'chromeos' THEN 'ChromeOS'
      WHEN lower("value") = 'chrome os' THEN 'ChromeOS'
      WHEN lower("value") = 'ubuntu' THEN 'Ubuntu'
      WHEN lower("value") = 'unknown' THEN 'unknown'
      WHEN "value" = lower("value") THEN upper(substr("value", 1, 1)) || substr("value", 2)
      ELSE "value"
    END
  WHEN 'browser' THEN CASE
      WHEN lower("value") = 'chrome' THEN 'Chrome'
      WHEN lower("value") = 'firefox' THEN 'Firefox'
      WHEN lower("value") = 'safari' THEN 'Safari'
      WHEN lower("value") = 'edge' THEN 'Edge'
      WHEN lower("value") = 'opera' THEN 'Opera'
      WHEN lower("value") = 'ie' THEN 'IE'
      WHEN lower("value") = 'internet explorer' THEN 'Internet Explorer'
      WHEN lower("value") = 'samsung internet' THEN 'Samsung Internet'
      WHEN lower("value") = 'mobile safari' THEN 'Mobile Safari'
      WHEN lower("value") = 'chrome mobile' THEN 'Chrome Mobile'
      WHEN lower("value") = 'brave' THEN 'Brave'
      WHEN lower("value") = 'vivaldi' THEN 'Vivaldi'
      WHEN lower("value") = 'unknown' THEN 'unknown'
      WHEN "value" = lower("value") THEN upper(substr("value", 1, 1)) || substr("value", 2)
      ELSE "value"
    END
  ELSE "value"
END AS "value", SUM("count") AS "count"
FROM "TranscriptHourAttribute"
GROUP BY 1, 2, 3;

DELETE FROM "TranscriptHourAttribute";
INSERT INTO "TranscriptHourAttribute" ("dimension", "hour", "value", "count")
SELECT "dimension", "hour", "value", "count" FROM "TranscriptHourAttributeSpelled";
DROP TABLE "TranscriptHourAttributeSpelled";

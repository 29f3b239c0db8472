ALTER TABLE `webhook_endpoints` ADD `previous_secret` text;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `previous_secret_until` integer;--> statement-breakpoint
-- The delivery log kept up to 200 characters of the receiver's answer: only the status and its standard reason stay.
UPDATE `webhook_deliveries` SET `last_error` = 'HTTP ' || `last_status` || CASE `last_status`
  WHEN 301 THEN ' Moved Permanently'
  WHEN 302 THEN ' Found'
  WHEN 303 THEN ' See Other'
  WHEN 307 THEN ' Temporary Redirect'
  WHEN 308 THEN ' Permanent Redirect'
  WHEN 400 THEN ' Bad Request'
  WHEN 401 THEN ' Unauthorized'
  WHEN 403 THEN ' Forbidden'
  WHEN 404 THEN ' Not Found'
  WHEN 405 THEN ' Method Not Allowed'
  WHEN 408 THEN ' Request Timeout'
  WHEN 409 THEN ' Conflict'
  WHEN 410 THEN ' Gone'
  WHEN 413 THEN ' Payload Too Large'
  WHEN 415 THEN ' Unsupported Media Type'
  WHEN 422 THEN ' Unprocessable Entity'
  WHEN 429 THEN ' Too Many Requests'
  WHEN 500 THEN ' Internal Server Error'
  WHEN 501 THEN ' Not Implemented'
  WHEN 502 THEN ' Bad Gateway'
  WHEN 503 THEN ' Service Unavailable'
  WHEN 504 THEN ' Gateway Timeout'
  ELSE '' END
WHERE `last_status` IS NOT NULL AND `last_error` IS NOT NULL;

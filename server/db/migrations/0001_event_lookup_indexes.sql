CREATE INDEX "events_device_time_idx" ON "events" USING btree ("organization_id","device_id","local_time");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_event_key" ON "alerts" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "notifications_alert_idx" ON "notifications" USING btree ("alert_id");
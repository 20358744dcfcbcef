/**
 * The webhook profile Floorwatch recommends for VORTEX's Alarm Management, as
 * server/vortex/README.md documents it: VIVOTEK's "Example 1" JSON template (lower camel
 * case keys, `localTime` an unquoted Unix number) with the documented `Mac`,
 * `LocalISOTime` and `UtcTime` variables added, so events match devices by MAC and carry
 * an exact instant. Every `{{.Variable}}` is one VIVOTEK documents (VIVOTEK Help Center,
 * "[VORTEX Portal] How to configure webhook in alarm management"). `utcTime` is quoted so
 * a VORTEX without that variable still renders valid JSON.
 */

/** The JSON template to paste into the VORTEX webhook profile (payload type JSON). */
export const VORTEX_WEBHOOK_TEMPLATE = `{
"organizationName": "{{.OrganizationName}}",
"organizationId": "{{.OrganizationId}}",
"eventType": "{{.EventType}}",
"eventName": "{{.EventName}}",
"eventId": "{{.EventId}}",
"deviceName": "{{.DeviceName}}",
"deviceId": "{{.DeviceId}}",
"deviceGroupName": "{{.DeviceGroupName}}",
"deviceGroupId": "{{.DeviceGroupID}}",
"mac": "{{.Mac}}",
"localTime": {{.LocalTime}},
"localISOTime": "{{.LocalISOTime}}",
"utcTime": "{{.UtcTime}}",
"timezone": "{{.Timezone}}"
}`;

/** The static HTTP header VORTEX must send with each webhook; its value is the webhook secret. */
export const VORTEX_WEBHOOK_SECRET_HEADER = 'X-Webhook-Secret';

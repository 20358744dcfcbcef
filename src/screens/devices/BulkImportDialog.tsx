/**
 * Bulk import from a CSV file onto a floor (SPEC.md section 7 `POST /v1/devices/bulk-import`;
 * issue 5 "Devices list"): pick the floor and the file, see every row checked, then send
 * them all or nothing. The server's per-row errors land on their rows; its detail (plan
 * limit, unknown floor) shows above them, 'Failed to import devices' when it gives none.
 * Loaded lazily by the devices screen, papaparse with it only once a file is read.
 */
import { useMemo, useState } from 'react';
import { Button, Callout, Dialog, Flex, Select, Text } from '@radix-ui/themes';
import { CheckCircledIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useAtomValue } from 'jotai';
import { isRecord } from '../../lib/unwrapList';
import { problemMessage } from '../../api/client';
import { MAX_IMPORT_ROWS } from '../../api/devices';
import type { FloorWithImage } from '../../api/floors';
import type { Building } from '../../api/types';
import { bulkImportDevicesAtom } from '../../atoms/devices.atoms';
import { AppLink } from '../common/AppLink';
import { FormField } from '../common/FormField';
import { ImageFileInput } from '../common/ImageFileInput';
import { importReady, OPTIONAL_COLUMNS, REQUIRED_COLUMNS, serverRowErrors, toBulkImportRequest } from './csvImport';
import { parseCsv, previewOf } from './csvParse';
import type { ParsedCsv } from './csvParse';
import { ImportPreviewTable } from './ImportPreviewTable';

export interface BulkImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  buildings: readonly Building[];
  floors: readonly FloorWithImage[];
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** See the module comment. */
export default function BulkImportDialog({ open, onOpenChange, buildings, floors }: BulkImportDialogProps) {
  const [floorId, setFloorId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<ParsedCsv | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const importer = useAtomValue(bulkImportDevicesAtom);

  const chosen = floors.find((f) => f.id === floorId) ?? null;
  const preview = useMemo(() => (parsed ? previewOf(parsed, chosen, floors) : null), [parsed, chosen, floors]);
  const serverErrors = useMemo(() => serverRowErrors(isRecord(importer.error) ? importer.error.data : null), [importer.error]);
  const rows = useMemo(
    () => preview?.rows.map((row, index) => (serverErrors.has(index) ? { ...row, errors: [...row.errors, ...(serverErrors.get(index) ?? [])] } : row)) ?? [],
    [preview, serverErrors],
  );
  const badRows = rows.filter((r) => r.errors.length > 0).length;
  const ready = preview !== null && importReady(preview) && chosen !== null;

  const chooseFile = async (next: File | null) => {
    importer.reset();
    setFile(next);
    setParsed(null);
    setReadError(null);
    if (!next) return;
    try {
      setParsed(await parseCsv(next));
    } catch {
      setReadError(`Could not read ${next.name} as text`);
    }
  };

  const submit = () => {
    if (!preview || !chosen || !importReady(preview)) return;
    importer.mutate(toBulkImportRequest(chosen.id, preview.rows));
  };

  const done = importer.isSuccess ? importer.data : null;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="880px">
        <Dialog.Title>Import devices from CSV</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {`Columns ${REQUIRED_COLUMNS.join(', ')}; optional ${OPTIONAL_COLUMNS.join(', ')} (positions in percent of the plan, 0 to 100; without one a device is laid out on a grid). At most ${MAX_IMPORT_ROWS} rows. Existing devices are updated and moved to the floor.`}
        </Dialog.Description>
        <Flex direction="column" gap="4">
          <Flex gap="4" wrap="wrap" align="start">
            <FormField id="import-floor" label="Floor" required>
              <Select.Root value={floorId} onValueChange={(value) => {
                  importer.reset();
                  setFloorId(value);
                }}>
                <Select.Trigger id="import-floor" placeholder="Choose a floor" style={{ minWidth: 260 }} />
                <Select.Content>
                  {buildings.map((b) => {
                    const own = floors.filter((f) => f.building_id === b.id);
                    return own.length === 0 ? null : (
                      <Select.Group key={b.id}>
                        <Select.Label>{b.name}</Select.Label>
                        {own.map((f) => (
                          <Select.Item key={f.id} value={f.id}>
                            {`${f.name} (level ${f.level})`}
                          </Select.Item>
                        ))}
                      </Select.Group>
                    );
                  })}
                </Select.Content>
              </Select.Root>
            </FormField>
            <FormField id="import-file" label="CSV file" required error={readError ?? undefined}>
              <ImageFileInput id="import-file" file={file} accept=".csv,text/csv" prompt="Choose a CSV file" onChange={(f) => void chooseFile(f)} />
            </FormField>
          </Flex>
          {floors.length === 0 && (
            <Text size="2" color="gray">
              Add a floor to a building first: imported devices are placed on a floor.
            </Text>
          )}
          {preview && preview.fileErrors.length > 0 && (
            <Callout.Root color="red" role="alert">
              <Callout.Icon>
                <ExclamationTriangleIcon />
              </Callout.Icon>
              <Callout.Text>{preview.fileErrors.join(' ')}</Callout.Text>
            </Callout.Root>
          )}
          {importer.isError && (
            <Callout.Root color="red" role="alert">
              <Callout.Icon>
                <ExclamationTriangleIcon />
              </Callout.Icon>
              <Callout.Text>{problemMessage(importer.error, 'Failed to import devices')}</Callout.Text>
            </Callout.Root>
          )}
          {done && chosen && (
            <Callout.Root color="green" role="status">
              <Callout.Icon>
                <CheckCircledIcon />
              </Callout.Icon>
              <Callout.Text>
                {`Imported ${plural(done.created + done.updated, 'device')} onto ${chosen.name}: ${done.created} new, ${done.updated} updated. `}
                <AppLink href={`/floors/${encodeURIComponent(chosen.id)}?mode=view`}>Open the floor</AppLink>
              </Callout.Text>
            </Callout.Root>
          )}
          {preview && rows.length > 0 && (
            <>
              <Text size="2" color={badRows > 0 ? 'red' : 'gray'} role="status">
                {badRows > 0 ? `${plural(rows.length, 'row')}, ${plural(badRows, 'row')} with errors: fix the file and choose it again.` : `${plural(rows.length, 'row')} ready to import.`}
              </Text>
              <ImportPreviewTable rows={rows} />
            </>
          )}
        </Flex>
        <Flex gap="3" justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              {done ? 'Done' : 'Cancel'}
            </Button>
          </Dialog.Close>
          {!done && (
            <Button onClick={submit} disabled={!ready} loading={importer.isPending}>
              {preview && ready ? `Import ${plural(rows.length, 'device')}` : 'Import'}
            </Button>
          )}
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

import { useEffect, useState } from 'react';
import { Button, Callout, Flex, RadioGroup, Spinner, Text, TextField } from '@radix-ui/themes';
import type { PdfPages } from './pdfPages';
import { PDF_DPI_CHOICES, dpiOptions, pageFileName, type PageSizePt } from './pdfRaster';

type Opened = { file: File; pdf: PdfPages } | { file: File; error: string };

/**
 * Turns a PDF plan into a PNG in the browser: opens it with pdf.js (loaded only now),
 * shows its page count, lets the user pick the page and the resolution (each DPI with
 * the pixel size it gives, capped at the server's 200-megapixel limit), and renders that
 * page to a PNG `File` named after the PDF and page (`plan-page2.png`).
 */
export function PdfPagePicker({ file, onRendered }: { file: File; onRendered: (png: File) => void }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const [pageText, setPageText] = useState('1');
  const [size, setSize] = useState<{ pdf: PdfPages; page: number; pt: PageSizePt } | null>(null);
  const [dpi, setDpi] = useState<number>(PDF_DPI_CHOICES[1]);
  const [rendering, setRendering] = useState(false);
  const [renderError, setRenderError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    let pdf: PdfPages | null = null;
    (async () => {
      const { openPdf } = await import('./pdfPages');
      pdf = await openPdf(file);
      if (live) setOpened({ file, pdf });
      else void pdf.destroy();
    })().catch(() => {
      if (live) setOpened({ file, error: 'The PDF could not be read. It may be damaged or protected by a password.' });
    });
    return () => {
      live = false;
      void pdf?.destroy();
    };
  }, [file]);

  const pdf = opened !== null && opened.file === file && 'pdf' in opened ? opened.pdf : null;
  const typed = Number(pageText);
  const page = pdf !== null && Number.isInteger(typed) && typed >= 1 && typed <= pdf.pageCount ? typed : null;
  useEffect(() => {
    if (!pdf || page === null) return;
    let live = true;
    pdf.pageSize(page).then((pt) => live && setSize({ pdf, page, pt }), () => undefined);
    return () => {
      live = false;
    };
  }, [pdf, page]);

  if (opened === null || opened.file !== file) {
    return (
      <Flex gap="2" align="center">
        <Spinner />
        <Text size="2" color="gray">
          Reading the PDF…
        </Text>
      </Flex>
    );
  }
  if ('error' in opened) return <InlineError message={opened.error} />;
  const pageCount = opened.pdf.pageCount;
  const pageSize = size !== null && size.pdf === opened.pdf && size.page === page ? size.pt : null;
  const options = pageSize ? dpiOptions(pageSize) : [];
  const chosen = options.find((o) => o.dpi === dpi);

  const render = async () => {
    if (!chosen || page === null) return;
    setRendering(true);
    setRenderError(null);
    try {
      const png = await opened.pdf.renderPng(page, chosen.effectiveDpi);
      onRendered(new File([png], pageFileName(file.name, page), { type: 'image/png' }));
    } catch {
      setRenderError(`Page ${page} could not be rendered at ${chosen.width} × ${chosen.height} px. Try a lower resolution.`);
    } finally {
      setRendering(false);
    }
  };

  return (
    <Flex direction="column" gap="3" aria-label="PDF page" role="group">
      <Text size="2">
        {file.name}: {pageCount === 1 ? '1 page' : `${pageCount} pages`}
      </Text>
      <Flex gap="2" align="center">
        <Text as="label" size="2" htmlFor="pdf-page">
          Page
        </Text>
        <TextField.Root
          id="pdf-page"
          type="number"
          min={1}
          max={pageCount}
          value={pageText}
          disabled={pageCount === 1}
          aria-invalid={page === null ? true : undefined}
          style={{ width: 90 }}
          onChange={(event) => setPageText(event.currentTarget.value)}
        />
        <Text size="2" color="gray">
          of {pageCount}
        </Text>
      </Flex>
      {page === null && (
        <Text size="1" color="red">
          Enter a page from 1 to {pageCount}.
        </Text>
      )}
      <RadioGroup.Root value={String(dpi)} onValueChange={(value) => setDpi(Number(value))} aria-label="Resolution">
        {options.map((o) => (
          <RadioGroup.Item key={o.dpi} value={String(o.dpi)}>
            {o.dpi} DPI: {o.width} × {o.height} px{o.capped ? ` (capped at ${o.effectiveDpi} DPI, the server's limit)` : ''}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {renderError && <InlineError message={renderError} />}
      <Button type="button" variant="soft" disabled={!chosen || page === null} loading={rendering} onClick={() => void render()}>
        Use page {page ?? ''}
      </Button>
    </Flex>
  );
}

function InlineError({ message }: { message: string }) {
  return (
    <Callout.Root color="red" size="1" role="alert">
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  );
}

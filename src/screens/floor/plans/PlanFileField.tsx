import { useState } from 'react';
import { Flex } from '@radix-ui/themes';
import { ACCEPTED_IMAGE_ATTRIBUTE, isAcceptedImage } from '../../../lib/imageFiles';
import { FormField } from '../../common/FormField';
import { ImageFileInput } from '../../common/ImageFileInput';
import { PdfPagePicker } from './PdfPagePicker';
import { isPdfFile } from './pdfRaster';

/** Message for a file that is neither an accepted image nor a PDF. */
export const PLAN_TYPE_ERROR = 'Floor plan must be a PNG, JPEG, WebP or SVG image, or a PDF';

/**
 * The floor plan file picker: an image is taken as it is; a PDF opens the page picker,
 * whose rendered PNG becomes the file. `onChange` gets the file to upload, or null while
 * there is none (nothing chosen, a PDF page not yet rendered, or a refused type).
 */
export function PlanFileField({
  id,
  file,
  error,
  onChange,
}: {
  id: string;
  file: File | null;
  /** The form's error for this field (e.g. nothing chosen, or the upload's failure). */
  error?: string;
  onChange: (file: File | null) => void;
}) {
  const [pdf, setPdf] = useState<File | null>(null);
  const [typeError, setTypeError] = useState<string | undefined>();
  const shown = typeError ?? error;

  const choose = (chosen: File | null) => {
    setTypeError(undefined);
    setPdf(null);
    if (chosen && isPdfFile(chosen)) {
      setPdf(chosen);
      onChange(null);
    } else if (chosen && !isAcceptedImage(chosen)) {
      setTypeError(PLAN_TYPE_ERROR);
      onChange(null);
    } else {
      onChange(chosen);
    }
  };

  return (
    <Flex direction="column" gap="3">
      <FormField id={id} label="Floor plan" error={shown}>
        <ImageFileInput
          id={id}
          file={file ?? pdf}
          error={shown}
          onChange={choose}
          accept={`${ACCEPTED_IMAGE_ATTRIBUTE},application/pdf,.pdf`}
          prompt="Choose a PNG, JPEG, WebP or SVG image, or a PDF"
        />
      </FormField>
      {pdf && <PdfPagePicker file={pdf} onRendered={onChange} />}
    </Flex>
  );
}

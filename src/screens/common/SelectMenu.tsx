import { Select } from '@radix-ui/themes';
import type { SelectChoiceProps } from './DeferredSelect';

/** The Radix Themes select behind `DeferredSelect`: a module of its own, loaded after the first paint. */
export function SelectMenu({ id, label, value, onValueChange, options, minWidth, position, defaultOpen }: SelectChoiceProps & { defaultOpen: boolean }) {
  return (
    <Select.Root value={value} onValueChange={onValueChange} defaultOpen={defaultOpen}>
      <Select.Trigger id={id} aria-label={label} style={{ minWidth }} />
      <Select.Content position={position}>
        {options.map((option) => (
          <Select.Item key={option.value} value={option.value}>
            {option.label}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}

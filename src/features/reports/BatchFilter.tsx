// The reports' batch filter (results of a work, a multiple-choice test's reports): every batch the
// caller may see, "All batches" by default. One control, so every report filters the same way.
import { choicesOf, SelectInput } from '../../components/form/SelectInput';
import { optionsOf } from '../../store/queryState';
import { useBatchOptionsQuery } from '../courses';

export function BatchFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (batch: string) => void;
}) {
  const batches = optionsOf(useBatchOptionsQuery());
  return (
    <SelectInput
      label="Batch"
      value={value}
      onChange={onChange}
      emptyLabel="All batches"
      choices={choicesOf(batches.items, (item) => item.Batch)}
    />
  );
}

import type { SitePolicy } from '../../../../shared/safety/site-policy';
import { DataTable } from '../../../components/data-table';
import type { Column } from '../../../lib/csv';
import { unitsKey } from '../../../lib/url-state/display-keys';
import { useUrlValue } from '../../../lib/url-state/link';
import {
  policyFields,
  policyGroups,
  policyValues,
  presetLabels,
  shownFieldRange,
} from '../lib/policy-form';

interface Threshold {
  path: string;
  name: string;
  setting: string;
}

const columns: readonly Column<Threshold>[] = [
  { key: 'name', label: 'Threshold', value: (row) => row.name },
  { key: 'setting', label: 'Setting', value: (row) => row.setting },
];

/** A policy read-only, as a table: every threshold in the units setting's units, or “off”. */
export function PolicySummary({ policy }: { policy: SitePolicy }) {
  const units = useUrlValue(unitsKey);
  const values = policyValues(policy, units);
  const rows = policyGroups.flatMap((group) =>
    group.fields.map((field) => {
      const value = values[field.path];
      const shownUnit = field.kind === 'number' ? shownFieldRange(field, units).unit : undefined;
      const unit = shownUnit ? ` ${shownUnit}` : '';
      return {
        path: field.path,
        name: `${group.title}: ${field.label}`,
        setting: value ? `${value}${unit}` : 'off',
      };
    }),
  );
  return (
    <DataTable
      caption={`Policy: ${presetLabels[policy.preset]} (${policyFields.length} thresholds)`}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.path}
    />
  );
}

import type { SitePolicy } from '../../../../shared/safety/site-policy';
import { DataTable } from '../../../components/data-table';
import type { Column } from '../../../lib/csv';
import { policyFields, policyGroups, policyValues, presetLabels } from '../lib/policy-form';

interface Threshold {
  path: string;
  name: string;
  setting: string;
}

const columns: readonly Column<Threshold>[] = [
  { key: 'name', label: 'Threshold', value: (row) => row.name },
  { key: 'setting', label: 'Setting', value: (row) => row.setting },
];

/** A policy read-only, as a table: every threshold, or “off”. */
export function PolicySummary({ policy }: { policy: SitePolicy }) {
  const values = policyValues(policy);
  const rows = policyGroups.flatMap((group) =>
    group.fields.map((field) => {
      const value = values[field.path];
      const unit = field.kind === 'number' && field.range.unit ? ` ${field.range.unit}` : '';
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

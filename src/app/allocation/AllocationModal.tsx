import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { coefMessages } from '../../machines/allocationForm.ts';
import {
  ALLOCATION_ERROR_TITLES,
  type AllocationChange,
  type AllocationModalType,
  type allocationModalMachine,
} from '../../machines/allocationModal.ts';
import { controlMessage } from '../../machines/fieldErrors.ts';
import { RowModalForm, Select, TextInput, ToggleSwitch, useRowModalStatus } from '../../widgets/index.ts';

export type AllocationModalRef = ActorRefFrom<typeof allocationModalMachine>;

const TITLES: Record<AllocationModalType, string> = {
  create: 'Новая настройка аллокации',
  createOnBasis: 'Новая настройка на основе существующей',
  edit: 'Изменение настройки аллокации',
};

const CONTROLS = ['contractor_id', 'department_id', 'distance_range_set', 'coefs'];

const DISTANCE_ENDS = [
  { end: 'from', label: 'От' },
  { end: 'to', label: 'До' },
] as const;

/** The modal of the three types (spec 4): contractor, its departments, flags, distance range, coefficients. */
export function AllocationModal({ modal }: { modal: AllocationModalRef }) {
  const { busy } = useRowModalStatus(modal);
  const departmentsLoading = useSelector(modal, (snapshot) => snapshot.hasTag('choicesLoading'));
  const {
    form,
    errors,
    references,
    choices: departments,
  } = useSelector(modal, (snapshot) => snapshot.context);
  const change = (change: AllocationChange) => modal.send({ type: 'FORM.CHANGE', change });
  const coefErrors = coefMessages(form, errors);
  const distanceError =
    controlMessage(errors, 'distance_range_set.from') ?? controlMessage(errors, 'distance_range_set');

  return (
    <RowModalForm
      modal={modal}
      titles={TITLES}
      label="Настройка аллокации"
      controls={CONTROLS}
      failureTitles={ALLOCATION_ERROR_TITLES}
    >
      <Select
        label="Подрядчик"
        options={references?.contractors ?? []}
        value={form.contractor_id}
        required
        searchable
        disabled={busy}
        error={controlMessage(errors, 'contractor_id')}
        onChange={(id) => change({ control: 'contractor', id: id === null ? null : Number(id) })}
      />
      <Select
        label="Подразделение"
        options={departments}
        value={form.department_id}
        required
        placeholder={form.contractor_id === null ? 'Сначала выберите подрядчика' : 'Выберите'}
        disabled={busy || form.contractor_id === null || departmentsLoading}
        error={controlMessage(errors, 'department_id')}
        onChange={(id) => change({ control: 'department', id: id === null ? null : Number(id) })}
      />
      <ToggleSwitch
        label="Приоритетный подрядчик"
        checked={form.is_priority_set}
        disabled={busy}
        onChange={(value) => change({ control: 'flag', field: 'is_priority_set', value })}
      />
      <ToggleSwitch
        label="Учитывать обеспеченность персоналом и техникой"
        checked={form.is_provide_set}
        disabled={busy}
        onChange={(value) => change({ control: 'flag', field: 'is_provide_set', value })}
      />
      <fieldset className="allocation__range">
        <legend>Диапазон расстояний, м (пусто — любое)</legend>
        {DISTANCE_ENDS.map(({ end, label }) => (
          <TextInput
            key={end}
            label={label}
            name={`distance_${end}`}
            value={form[`distance_${end}`]}
            readOnly={busy}
            error={controlMessage(errors, `distance_range_set.${end}`)}
            onChange={(value) => change({ control: 'distance', end, value })}
          />
        ))}
      </fieldset>
      {distanceError && !errors['distance_range_set.from'] && !errors['distance_range_set.to'] ? (
        <p className="w-row-modal__error">{distanceError}</p>
      ) : null}
      <fieldset className="allocation__coefs">
        <legend>Коэффициенты (пусто — не задан)</legend>
        {(references?.coefTypes ?? []).map((type) => (
          <TextInput
            key={type.id}
            label={type.name}
            name={`coef_${type.id}`}
            value={form.coefs[type.id] ?? ''}
            readOnly={busy}
            error={coefErrors[type.id] ?? null}
            onChange={(value) => change({ control: 'coef', coefTypeId: type.id, value })}
          />
        ))}
      </fieldset>
    </RowModalForm>
  );
}

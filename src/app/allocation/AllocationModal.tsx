import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { allocationMessage, coefMessages } from '../../machines/allocationForm.ts';
import {
  ALLOCATION_ERROR_TITLES,
  type AllocationModalType,
  type allocationModalMachine,
} from '../../machines/allocationModal.ts';
import { Modal, Select, TextInput, ToggleSwitch } from '../../widgets/index.ts';
import { formMessage } from '../api/errors.ts';

export type AllocationModalRef = ActorRefFrom<typeof allocationModalMachine>;

const TITLES: Record<AllocationModalType, string> = {
  create: 'Новая настройка аллокации',
  createOnBasis: 'Новая настройка на основе существующей',
  edit: 'Изменение настройки аллокации',
};

const CONTROLS = ['contractor_id', 'department_id', 'distance_range_set', 'coefs'];

/** The modal of the three types (spec 4): contractor, its departments, flags, distance range, coefficients. */
export function AllocationModal({ modal }: { modal: AllocationModalRef }) {
  const open = useSelector(modal, (snapshot) => snapshot.hasTag('open'));
  const loading = useSelector(modal, (snapshot) => snapshot.hasTag('loading'));
  const saving = useSelector(modal, (snapshot) => snapshot.hasTag('saving') && snapshot.hasTag('open'));
  const departmentsLoading = useSelector(modal, (snapshot) => snapshot.hasTag('departmentsLoading'));
  const { modalType, form, errors, errorType, message, references, departments } = useSelector(
    modal,
    (snapshot) => snapshot.context,
  );
  const busy = loading || saving;
  const submit = () => modal.send({ type: 'FORM.SUBMIT' });
  const saveFailure = errorType === 'post' || errorType === 'update' ? errorType : null;
  const shown = saveFailure ? formMessage({ message: message ?? '', fields: errors }, CONTROLS) : null;
  const coefErrors = coefMessages(form, errors);
  const distanceError =
    allocationMessage(errors, 'distance_range_set.from') ?? allocationMessage(errors, 'distance_range_set');

  return (
    <Modal
      open={open}
      title={modalType ? TITLES[modalType] : ''}
      width={600}
      disabled={saving}
      submitDisabled={busy}
      onClose={() => modal.send({ type: 'MODAL.CLOSE' })}
      onSubmit={submit}
    >
      <form
        className="allocation__form"
        aria-label="Настройка аллокации"
        aria-busy={busy}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Select
          label="Подрядчик"
          options={references?.contractors ?? []}
          value={form.contractor_id}
          required
          searchable
          disabled={busy}
          error={allocationMessage(errors, 'contractor_id')}
          onChange={(id) => modal.send({ type: 'CONTRACTOR.CHANGE', id: id === null ? null : Number(id) })}
        />
        <Select
          label="Подразделение"
          options={departments}
          value={form.department_id}
          required
          placeholder={form.contractor_id === null ? 'Сначала выберите подрядчика' : 'Выберите'}
          disabled={busy || form.contractor_id === null || departmentsLoading}
          error={allocationMessage(errors, 'department_id')}
          onChange={(id) => modal.send({ type: 'DEPARTMENT.CHANGE', id: id === null ? null : Number(id) })}
        />
        <ToggleSwitch
          label="Приоритетный подрядчик"
          checked={form.is_priority_set}
          disabled={busy}
          onChange={(value) => modal.send({ type: 'FLAG.CHANGE', field: 'is_priority_set', value })}
        />
        <ToggleSwitch
          label="Учитывать обеспеченность персоналом и техникой"
          checked={form.is_provide_set}
          disabled={busy}
          onChange={(value) => modal.send({ type: 'FLAG.CHANGE', field: 'is_provide_set', value })}
        />
        <fieldset className="allocation__range">
          <legend>Диапазон расстояний, м (пусто — любое)</legend>
          <TextInput
            label="От"
            name="distance_from"
            value={form.distance_from}
            readOnly={busy}
            error={allocationMessage(errors, 'distance_range_set.from')}
            onChange={(value) => modal.send({ type: 'DISTANCE.CHANGE', end: 'from', value })}
          />
          <TextInput
            label="До"
            name="distance_to"
            value={form.distance_to}
            readOnly={busy}
            error={allocationMessage(errors, 'distance_range_set.to')}
            onChange={(value) => modal.send({ type: 'DISTANCE.CHANGE', end: 'to', value })}
          />
        </fieldset>
        {distanceError && !errors['distance_range_set.from'] && !errors['distance_range_set.to'] ? (
          <p className="allocation__error">{distanceError}</p>
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
              onChange={(value) => modal.send({ type: 'COEF.CHANGE', coefTypeId: type.id, value })}
            />
          ))}
        </fieldset>
        {saveFailure && shown ? (
          <p role="alert" className="allocation__error">
            {ALLOCATION_ERROR_TITLES[saveFailure]}: {shown}
          </p>
        ) : null}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}

import { useSelector } from '@xstate/react';
import type { KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { controlMessage } from '../../machines/fieldErrors.ts';
import type { VipFieldChange, vipFieldModalMachine } from '../../machines/vipFieldModal.ts';
import { hasParentAccessType } from '../../machines/vipFieldModalForm.ts';
import { VIP_LINKS, type VipLinkKey } from '../../shared/tariff-vip.ts';
import { MultiSelect, RowModalForm, TextInput, useRowModalStatus } from '../../widgets/index.ts';
import { CheckPanel } from './CheckPanel.tsx';
import { linkOptions } from './columns.tsx';

export type VipModalRef = ActorRefFrom<typeof vipFieldModalMachine>;

/** The multiselects in spec 2.4's order, with the word of their 'Все …' summary. */
const LISTS: readonly { list: VipLinkKey; allWord: string }[] = [
  { list: 'vipFieldServiceHalls', allWord: 'залы' },
  { list: 'vipFieldPassengerCategory', allWord: 'категории' },
  { list: 'vipFieldTravelClass', allWord: 'классы' },
  { list: 'vipFieldAviacompany', allWord: 'авиакомпании' },
  { list: 'vipFieldDirection', allWord: 'направления' },
  { list: 'vipFieldFlightClass', allWord: 'классы рейсов' },
  { list: 'vipFieldFlightType', allWord: 'типы рейсов' },
  { list: 'vipFieldHallAccessType', allWord: 'типы допуска' },
  { list: 'vipFieldLoyaltyCardType', allWord: 'карты' },
  { list: 'vipFieldHallCardBankType', allWord: 'типы карт' },
  { list: 'vipFieldHallPayType', allWord: 'типы оплаты' },
];
const TITLES = { create: 'Добавить расчёт', edit: 'Редактировать расчёт' };

const CONTROLS = [
  'name',
  'description',
  'is_guest_count',
  'use_parent_access_type',
  ...LISTS.map(({ list }) => list),
];

/** Enter on a checkbox (the form's last inputs) submits, as Enter in a text input does by itself. */
function submitOnCheckboxEnter(event: KeyboardEvent<HTMLFormElement>, submit: () => void) {
  const target = event.target as HTMLInputElement;
  if (event.key !== 'Enter' || target.type !== 'checkbox') return;
  event.preventDefault();
  submit();
}

/** The 600 px add/edit modal of spec 2.4: every input, the access-type-7 checkbox, errors under their fields. */
export function VipFieldModal({ modal }: { modal: VipModalRef }) {
  const { loading, busy } = useRowModalStatus(modal);
  const form = useSelector(modal, (snapshot) => snapshot.context.form);
  const errors = useSelector(modal, (snapshot) => snapshot.context.errors);
  const references = useSelector(modal, (snapshot) => snapshot.context.references);
  const change = (change: VipFieldChange) => modal.send({ type: 'FORM.CHANGE', change });
  const submit = () => modal.send({ type: 'FORM.SUBMIT' });

  return (
    <RowModalForm
      modal={modal}
      titles={TITLES}
      label="VIP-расчёт"
      controls={CONTROLS}
      onKeyDown={(event) => submitOnCheckboxEnter(event, submit)}
      after={form.id !== null && !loading ? <CheckPanel key={form.id} fieldId={form.id} /> : null}
    >
      <TextInput
        label="Поле JSON"
        name="name"
        required
        autoFocus
        value={form.name}
        readOnly={busy}
        error={controlMessage(errors, 'name')}
        onChange={(value) => change({ control: 'text', field: 'name', value })}
      />
      <TextInput
        label="Название"
        name="description"
        value={form.description}
        readOnly={busy}
        error={controlMessage(errors, 'description')}
        onChange={(value) => change({ control: 'text', field: 'description', value })}
      />
      <div className="tariff-vip__lists">
        {LISTS.map(({ list, allWord }) => (
          <MultiSelect
            key={list}
            label={VIP_LINKS[list].label}
            options={linkOptions(references, list)}
            value={form.links[list]}
            allWord={allWord}
            searchable
            required={VIP_LINKS[list].required}
            disabled={busy}
            error={controlMessage(errors, list)}
            onChange={(ids) => change({ control: 'links', list, ids: ids.map(Number) })}
          />
        ))}
      </div>
      <label className="tariff-vip__check">
        <input
          type="checkbox"
          checked={form.is_guest_count}
          disabled={busy}
          onChange={(event) =>
            change({ control: 'flag', field: 'is_guest_count', value: event.target.checked })
          }
        />
        Учитывать как гостя
      </label>
      {hasParentAccessType(form) ? (
        <label className="tariff-vip__check">
          <input
            type="checkbox"
            checked={Boolean(form.use_parent_access_type)}
            disabled={busy}
            onChange={(event) =>
              change({ control: 'flag', field: 'use_parent_access_type', value: event.target.checked })
            }
          />
          Использовать тип допуска родителя
        </label>
      ) : null}
    </RowModalForm>
  );
}

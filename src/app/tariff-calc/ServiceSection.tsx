import { Select, TextInput } from '../../widgets/index.ts';
import type { CalcModalView } from './useCalcModal.ts';

/** Service names and mnemocode; a service of the reference list fills all three. */
export function ServiceSection({ view }: { view: CalcModalView }) {
  const { form, refs, saving, error, send } = view;
  const service = form.service ?? { name_ru: '', name_en: null, id_1c: '' };
  const options = refs.services.map((item) => ({ id: item.id, name: item.name_ru, subtitle: item.id_1c }));
  return (
    <fieldset className="calc-section">
      <legend>Услуга</legend>
      <Select
        label="Услуга из справочника"
        searchable
        options={options}
        value={null}
        placeholder="Найти услугу"
        disabled={saving}
        onChange={(id) => {
          const picked = refs.services.find((item) => item.id === id);
          if (picked) send({ type: 'SERVICE.PICK', service: picked });
        }}
      />
      <TextInput
        label="Название услуги"
        required
        value={service.name_ru ?? ''}
        readOnly={saving}
        error={error('service.name_ru')}
        onChange={(value) => send({ type: 'SERVICE.CHANGE', field: 'name_ru', value })}
      />
      <TextInput
        label="Название услуги (англ.)"
        value={service.name_en ?? ''}
        readOnly={saving}
        error={error('service.name_en')}
        onChange={(value) => send({ type: 'SERVICE.CHANGE', field: 'name_en', value })}
      />
      <TextInput
        label="Мнемокод"
        required
        value={service.id_1c ?? ''}
        readOnly={saving}
        error={error('service.id_1c')}
        onChange={(value) => send({ type: 'SERVICE.CHANGE', field: 'id_1c', value })}
      />
    </fieldset>
  );
}

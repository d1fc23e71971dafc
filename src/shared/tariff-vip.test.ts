import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import {
  VIP_LINK_KEYS,
  VIP_LINKS,
  VIP_MESSAGES,
  vipFieldCreateSchema,
  vipFieldUpdateSchema,
} from './tariff-vip.ts';

const valid = {
  name: 'lounge_adult',
  description: 'Бизнес-зал, взрослый',
  vipFieldServiceHalls: [{ service_halls_id: 1 }],
  vipFieldPassengerCategory: [{ passenger_category_id: 1 }],
  vipFieldAviacompany: [{ aviacompany_id: 5 }],
  vipFieldDirection: [{ direction_id: 1 }, { direction_id: 2 }],
  vipFieldFlightClass: [{ flight_class_id: 1 }],
  vipFieldFlightType: [{ flight_type_id: 2 }],
  vipFieldHallAccessType: [{ vip_hall_access_type_id: 7 }],
  vipFieldHallPayType: [{ vip_hall_pay_type_id: 3 }],
};

/** The field paths and messages of a refused body. */
function refusals(body: unknown) {
  const result = vipFieldCreateSchema.safeParse(body);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the VIP field body', () => {
  it('accepts a complete field and fills the optional parts', () => {
    const parsed = vipFieldCreateSchema.parse(valid);
    expect(parsed.vipFieldTravelClass).toEqual([]);
    expect(parsed.vipFieldLoyaltyCardType).toEqual([]);
    expect(parsed.vipFieldHallCardBankType).toEqual([]);
    expect(parsed.is_guest_count).toBe(false);
    expect(parsed.use_parent_access_type).toBeNull();
  });

  it('requires the name and each list spec 5 names, with the form message', () => {
    const required = VIP_LINK_KEYS.filter((key) => VIP_LINKS[key].required);
    expect(required).toHaveLength(8);
    const body = { ...valid, name: '   ', ...Object.fromEntries(required.map((key) => [key, []])) };
    expect(refusals(body)).toEqual(
      Object.fromEntries(['name', ...required].map((key) => [key, MESSAGES.required])),
    );
  });

  it('leaves travel class, loyalty card and card bank optional', () => {
    expect(refusals({ ...valid, vipFieldTravelClass: [], vipFieldLoyaltyCardType: [] })).toEqual({});
  });

  it('refuses a missing name or list as required', () => {
    const { vipFieldAviacompany: _, name: __, ...body } = valid;
    expect(refusals(body)).toEqual({ name: MESSAGES.required, vipFieldAviacompany: MESSAGES.required });
  });

  it('refuses a direction other than departure or arrival, and an id twice', () => {
    const body = {
      ...valid,
      vipFieldDirection: [{ direction_id: 3 }],
      vipFieldAviacompany: [{ aviacompany_id: 5 }, { aviacompany_id: 5 }],
    };
    expect(refusals(body)).toEqual({
      'vipFieldDirection.0.direction_id': VIP_MESSAGES.direction,
      'vipFieldAviacompany.1': VIP_MESSAGES.duplicate,
    });
  });

  it('refuses control characters and ids out of range', () => {
    const body = { ...valid, name: 'a\u0000b', vipFieldHallPayType: [{ vip_hall_pay_type_id: 0 }] };
    expect(Object.keys(refusals(body))).toEqual(['name', 'vipFieldHallPayType.0.vip_hall_pay_type_id']);
  });

  it('reads only the id of an entry that carries its nested object', () => {
    const body = {
      ...valid,
      vipFieldAviacompany: [{ aviacompany_id: 5, aviacompany: { id: 5, name: 'x' } }],
    };
    expect(vipFieldCreateSchema.parse(body).vipFieldAviacompany).toEqual([{ aviacompany_id: 5 }]);
  });

  it('needs the id in the body of an update', () => {
    expect(vipFieldUpdateSchema.safeParse(valid).success).toBe(false);
    expect(vipFieldUpdateSchema.parse({ ...valid, id: 3 }).id).toBe(3);
  });
});

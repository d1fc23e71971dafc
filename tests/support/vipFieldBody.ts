import type { VipFieldPayload } from '../../src/shared/tariff-vip.ts';

/**
 * A VIP field every list of which names rows of the demo airport's reference tables (hall 2, passenger categories
 * 1 and 4, travel classes 3 and 4, …): a body `POST /api/tariff/vip-field` accepts on a demo database.
 */
export function vipFieldBody(name: string, description: string): VipFieldPayload {
  return {
    name,
    description,
    is_guest_count: false,
    use_parent_access_type: false,
    vipFieldServiceHalls: [{ service_halls_id: 2 }],
    vipFieldPassengerCategory: [{ passenger_category_id: 1 }, { passenger_category_id: 4 }],
    vipFieldTravelClass: [{ travel_class_id: 3 }, { travel_class_id: 4 }],
    vipFieldAviacompany: [{ aviacompany_id: 1 }],
    vipFieldDirection: [{ direction_id: 1 }],
    vipFieldFlightClass: [{ flight_class_id: 1 }, { flight_class_id: 5 }],
    vipFieldFlightType: [{ flight_type_id: 2 }],
    vipFieldHallAccessType: [{ vip_hall_access_type_id: 7 }, { vip_hall_access_type_id: 4 }],
    vipFieldLoyaltyCardType: [{ loyalty_card_type_id: 6 }],
    vipFieldHallCardBankType: [{ vip_hall_card_bank_type_id: 5 }],
    vipFieldHallPayType: [{ vip_hall_pay_type_id: 2 }, { vip_hall_pay_type_id: 1 }],
  };
}

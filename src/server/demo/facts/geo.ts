/**
 * Airports, airlines and aircraft types of the demo airport. IATA/ICAO codes and time zones are
 * the real ones. Sirena codes, block times and the 3-digit accounting codes marked `~` are
 * plausible stand-ins, not checked facts.
 */

export interface AirportFact {
  iata: string;
  icao: string;
  sirena: string | null;
  nameRu: string;
  nameEn: string;
  city: string;
  timeZone: string;
  country: string;
  /** Block time from the home airport in minutes (approximate). */
  block: number;
}

type AirportRow = [string, string, string | null, string, string, string, string, string, number];

const AIRPORT_ROWS: AirportRow[] = [
  ['KZN', 'UWKD', 'КЗН', 'Казань', 'Kazan', 'Казань', 'Europe/Moscow', 'RU', 0],
  ['SVO', 'UUEE', 'ШРМ', 'Шереметьево', 'Sheremetyevo', 'Москва', 'Europe/Moscow', 'RU', 95],
  ['DME', 'UUDD', 'ДМД', 'Домодедово', 'Domodedovo', 'Москва', 'Europe/Moscow', 'RU', 100],
  ['VKO', 'UUWW', 'ВНК', 'Внуково', 'Vnukovo', 'Москва', 'Europe/Moscow', 'RU', 100],
  ['LED', 'ULLI', 'ПЛК', 'Пулково', 'Pulkovo', 'Санкт-Петербург', 'Europe/Moscow', 'RU', 140],
  ['AER', 'URSS', 'СОЧ', 'Сочи', 'Sochi', 'Сочи', 'Europe/Moscow', 'RU', 170],
  [
    'MRV',
    'URMM',
    'МРВ',
    'Минеральные Воды',
    'Mineralnye Vody',
    'Минеральные Воды',
    'Europe/Moscow',
    'RU',
    150,
  ],
  ['MCX', 'URML', 'МХЛ', 'Уйташ', 'Uytash', 'Махачкала', 'Europe/Moscow', 'RU', 160],
  ['GRV', 'URMG', 'ГРН', 'Грозный', 'Grozny', 'Грозный', 'Europe/Moscow', 'RU', 155],
  ['STW', 'URMT', 'СТП', 'Ставрополь', 'Stavropol', 'Ставрополь', 'Europe/Moscow', 'RU', 145],
  ['VOG', 'URWW', 'ВГГ', 'Гумрак', 'Gumrak', 'Волгоград', 'Europe/Volgograd', 'RU', 110],
  ['ASF', 'URWA', 'АСР', 'Нариманово', 'Narimanovo', 'Астрахань', 'Europe/Astrakhan', 'RU', 130],
  ['SVX', 'USSS', 'КЛЦ', 'Кольцово', 'Koltsovo', 'Екатеринбург', 'Asia/Yekaterinburg', 'RU', 110],
  ['OVB', 'UNNT', 'ТЛЧ', 'Толмачёво', 'Tolmachevo', 'Новосибирск', 'Asia/Novosibirsk', 'RU', 230],
  ['KJA', 'UNKL', 'ЕМЛ', 'Емельяново', 'Yemelyanovo', 'Красноярск', 'Asia/Krasnoyarsk', 'RU', 275],
  ['IKT', 'UIII', 'ИКТ', 'Иркутск', 'Irkutsk', 'Иркутск', 'Asia/Irkutsk', 'RU', 340],
  ['KUF', 'UWWW', 'КРЧ', 'Курумоч', 'Kurumoch', 'Самара', 'Europe/Samara', 'RU', 60],
  ['UFA', 'UWUU', 'УФА', 'Уфа', 'Ufa', 'Уфа', 'Asia/Yekaterinburg', 'RU', 70],
  ['GOJ', 'UWGG', 'СРГ', 'Стригино', 'Strigino', 'Нижний Новгород', 'Europe/Moscow', 'RU', 70],
  ['PEE', 'USPP', 'БСВ', 'Большое Савино', 'Bolshoye Savino', 'Пермь', 'Asia/Yekaterinburg', 'RU', 85],
  ['KGD', 'UMKK', 'ХРБ', 'Храброво', 'Khrabrovo', 'Калининград', 'Europe/Kaliningrad', 'RU', 190],
  ['TJM', 'USTR', 'РЩН', 'Рощино', 'Roshchino', 'Тюмень', 'Asia/Yekaterinburg', 'RU', 140],
  ['SGC', 'USRR', 'СУР', 'Сургут', 'Surgut', 'Сургут', 'Asia/Yekaterinburg', 'RU', 165],
  ['NJC', 'USNN', 'НЖВ', 'Нижневартовск', 'Nizhnevartovsk', 'Нижневартовск', 'Asia/Yekaterinburg', 'RU', 180],
  ['NUX', 'USMU', 'НУР', 'Новый Уренгой', 'Novy Urengoy', 'Новый Уренгой', 'Asia/Yekaterinburg', 'RU', 200],
  ['CEK', 'USCC', 'ЧЛБ', 'Баландино', 'Balandino', 'Челябинск', 'Asia/Yekaterinburg', 'RU', 110],
  ['MMK', 'ULMM', 'МУН', 'Мурманск', 'Murmansk', 'Мурманск', 'Europe/Moscow', 'RU', 190],
  ['ARH', 'ULAA', 'АХГ', 'Талаги', 'Talagi', 'Архангельск', 'Europe/Moscow', 'RU', 140],
  ['VVO', 'UHWW', 'ВВО', 'Кневичи', 'Knevichi', 'Владивосток', 'Asia/Vladivostok', 'RU', 540],
  ['KHV', 'UHHH', 'ХБР', 'Новый', 'Novy', 'Хабаровск', 'Asia/Vladivostok', 'RU', 500],
  ['OMS', 'UNOO', 'ОМС', 'Омск', 'Omsk', 'Омск', 'Asia/Omsk', 'RU', 190],
  ['TOF', 'UNTT', 'ТСК', 'Богашёво', 'Bogashevo', 'Томск', 'Asia/Tomsk', 'RU', 240],
  ['KVX', 'USKK', 'КИР', 'Победилово', 'Pobedilovo', 'Киров', 'Europe/Kirov', 'RU', 70],
  ['CSY', 'UWKS', 'ЧБС', 'Чебоксары', 'Cheboksary', 'Чебоксары', 'Europe/Moscow', 'RU', 40],
  ['NBC', 'UWKE', 'БГШ', 'Бегишево', 'Begishevo', 'Нижнекамск', 'Europe/Moscow', 'RU', 45],
  ['IST', 'LTFM', null, 'Стамбул', 'Istanbul', 'Стамбул', 'Europe/Istanbul', 'TR', 240],
  ['SAW', 'LTFJ', null, 'Сабиха Гёкчен', 'Sabiha Gokcen', 'Стамбул', 'Europe/Istanbul', 'TR', 240],
  ['AYT', 'LTAI', null, 'Анталья', 'Antalya', 'Анталья', 'Europe/Istanbul', 'TR', 250],
  ['DXB', 'OMDB', null, 'Дубай', 'Dubai', 'Дубай', 'Asia/Dubai', 'AE', 300],
  ['SHJ', 'OMSJ', null, 'Шарджа', 'Sharjah', 'Шарджа', 'Asia/Dubai', 'AE', 300],
  ['DOH', 'OTHH', null, 'Хамад', 'Hamad', 'Доха', 'Asia/Qatar', 'QA', 320],
  ['TAS', 'UTTT', null, 'Ташкент', 'Tashkent', 'Ташкент', 'Asia/Tashkent', 'UZ', 240],
  ['SKD', 'UTSS', null, 'Самарканд', 'Samarkand', 'Самарканд', 'Asia/Samarkand', 'UZ', 240],
  ['NMA', 'UTFN', null, 'Наманган', 'Namangan', 'Наманган', 'Asia/Tashkent', 'UZ', 250],
  ['FEG', 'UTFF', null, 'Фергана', 'Fergana', 'Фергана', 'Asia/Tashkent', 'UZ', 255],
  ['DYU', 'UTDD', null, 'Душанбе', 'Dushanbe', 'Душанбе', 'Asia/Dushanbe', 'TJ', 260],
  ['LBD', 'UTDL', null, 'Худжанд', 'Khujand', 'Худжанд', 'Asia/Dushanbe', 'TJ', 250],
  ['FRU', 'UCFM', null, 'Манас', 'Manas', 'Бишкек', 'Asia/Bishkek', 'KG', 260],
  ['OSS', 'UCFO', null, 'Ош', 'Osh', 'Ош', 'Asia/Bishkek', 'KG', 270],
  ['ALA', 'UAAA', null, 'Алматы', 'Almaty', 'Алматы', 'Asia/Almaty', 'KZ', 260],
  ['NQZ', 'UACC', null, 'Астана', 'Astana', 'Астана', 'Asia/Almaty', 'KZ', 190],
  ['GYD', 'UBBB', null, 'Гейдар Алиев', 'Heydar Aliyev', 'Баку', 'Asia/Baku', 'AZ', 200],
  ['EVN', 'UDYZ', null, 'Звартноц', 'Zvartnots', 'Ереван', 'Asia/Yerevan', 'AM', 220],
  ['MSQ', 'UMMS', null, 'Минск', 'Minsk', 'Минск', 'Europe/Minsk', 'BY', 150],
  ['HRG', 'HEGN', null, 'Хургада', 'Hurghada', 'Хургада', 'Africa/Cairo', 'EG', 330],
  ['SSH', 'HESH', null, 'Шарм-эш-Шейх', 'Sharm el-Sheikh', 'Шарм-эш-Шейх', 'Africa/Cairo', 'EG', 320],
  ['PEK', 'ZBAA', null, 'Пекин Столичный', 'Beijing Capital', 'Пекин', 'Asia/Shanghai', 'CN', 420],
  ['URC', 'ZWWW', null, 'Урумчи Дивопу', 'Urumqi Diwopu', 'Урумчи', 'Asia/Urumqi', 'CN', 300],
  ['HKT', 'VTSP', null, 'Пхукет', 'Phuket', 'Пхукет', 'Asia/Bangkok', 'TH', 600],
];

export const AIRPORTS: AirportFact[] = AIRPORT_ROWS.map(
  ([iata, icao, sirena, nameRu, nameEn, city, timeZone, country, block]) => ({
    iata,
    icao,
    sirena,
    nameRu,
    nameEn,
    city,
    timeZone,
    country,
    block,
  }),
);

export const HOME_IATA = 'KZN';

export interface AircraftTypeFact {
  icao: string;
  iata: string;
  name: string;
  /** 1 wide body, 2 narrow body, 3 regional jet, 4 turboprop. */
  category: number;
  seats: number;
}

type AircraftRow = [string, string, string, number, number];

const AIRCRAFT_ROWS: AircraftRow[] = [
  ['A319', '319', 'Airbus A319', 2, 144],
  ['A320', '320', 'Airbus A320', 2, 164],
  ['A20N', '32N', 'Airbus A320neo', 2, 174],
  ['A321', '321', 'Airbus A321', 2, 212],
  ['A21N', '32Q', 'Airbus A321neo', 2, 230],
  ['B737', '73G', 'Boeing 737-700', 2, 142],
  ['B738', '738', 'Boeing 737-800', 2, 186],
  ['B38M', '7M8', 'Boeing 737 MAX 8', 2, 189],
  ['SU95', 'SU9', 'Sukhoi Superjet 100', 3, 98],
  ['E190', 'E90', 'Embraer 190', 3, 100],
  ['E195', 'E95', 'Embraer 195', 3, 116],
  ['CRJ2', 'CR2', 'Bombardier CRJ200', 3, 50],
  ['AT72', 'AT7', 'ATR 72', 4, 70],
  ['DH8D', 'DH4', 'Bombardier Dash 8 Q400', 4, 78],
  ['AN24', 'AN4', 'Антонов Ан-24', 4, 48],
  ['L410', 'L4T', 'Let L-410', 4, 19],
  ['A332', '332', 'Airbus A330-200', 1, 268],
  ['A333', '333', 'Airbus A330-300', 1, 300],
  ['B763', '763', 'Boeing 767-300', 1, 290],
  ['B772', '772', 'Boeing 777-200', 1, 390],
  ['B77W', '77W', 'Boeing 777-300ER', 1, 427],
  ['B789', '789', 'Boeing 787-9', 1, 290],
];

export const AIRCRAFT_TYPES: AircraftTypeFact[] = AIRCRAFT_ROWS.map(
  ([icao, iata, name, category, seats]) => ({
    icao,
    iata,
    name,
    category,
    seats,
  }),
);

export interface AirlineFact {
  iata: string;
  icao: string;
  sirena: string | null;
  nameRu: string;
  nameEn: string;
  /** 3-digit accounting code; a trailing `~` marks a plausible stand-in. */
  numeric: string;
  country: string;
  fleet: string[];
  /** Destinations, hub first. */
  routes: string[];
  /** Share of the daily programme. */
  weight: number;
}

type AirlineRow = [string, string, string | null, string, string, string, string, string, string, number];

const AIRLINE_ROWS: AirlineRow[] = [
  ['SU', 'AFL', 'СУ', 'Аэрофлот', 'Aeroflot', '555', 'RU', 'A320 A321 B738 SU95', 'SVO LED AER', 14],
  ['FV', 'SDM', 'ФВ', 'Россия', 'Rossiya', '195', 'RU', 'A319 A320 B738', 'LED SVO AER', 6],
  ['DP', 'PBD', 'ДР', 'Победа', 'Pobeda', '192~', 'RU', 'B738 B38M', 'VKO LED AER MRV SVX KGD', 12],
  ['S7', 'SBI', 'С7', 'S7 Airlines', 'S7 Airlines', '421', 'RU', 'A320 A20N A21N B738', 'DME OVB IKT', 9],
  [
    'U6',
    'SVR',
    'У6',
    'Уральские авиалинии',
    'Ural Airlines',
    '262',
    'RU',
    'A319 A320 A321 A21N',
    'SVX DME AER',
    7,
  ],
  ['UT', 'UTA', 'ЮТ', 'ЮТэйр', 'UTair', '298', 'RU', 'B737 B738 AT72', 'VKO SGC TJM NJC', 7],
  [
    'N4',
    'NWS',
    'Н4',
    'Северный ветер',
    'Nordwind Airlines',
    '885~',
    'RU',
    'A321 B738 B772',
    'SVO AYT HRG',
    3,
  ],
  ['5N', 'AUL', '5Н', 'Смартавиа', 'Smartavia', '316~', 'RU', 'B738 B38M', 'LED ARH MMK', 3],
  ['WZ', 'RWZ', 'ВЗ', 'Ред Вингс', 'Red Wings', '787~', 'RU', 'SU95 A321', 'SVX AER MRV UFA', 5],
  ['YC', 'LLM', 'ЯМ', 'Ямал', 'Yamal Airlines', '629~', 'RU', 'SU95 CRJ2', 'NUX SGC TJM', 2],
  ['A4', 'AZO', 'А4', 'Азимут', 'Azimuth', '197~', 'RU', 'SU95', 'MRV STW AER', 3],
  ['R3', 'SYL', 'ЯК', 'Якутия', 'Yakutia', '849~', 'RU', 'SU95 B738', 'VVO KHV', 1],
  ['IO', 'IAE', 'ИО', 'ИрАэро', 'IrAero', '275~', 'RU', 'SU95', 'IKT KJA OMS', 2],
  ['ZF', 'AZV', 'ЗФ', 'Азур Эйр', 'Azur Air', '390~', 'RU', 'B763 B772 B738', 'AYT HRG SSH HKT', 3],
  ['6R', 'DRU', '6Р', 'АЛРОСА', 'Alrosa', '427~', 'RU', 'B738', 'MCX GRV', 1],
  ['D2', 'SSF', 'Д2', 'Северсталь', 'Severstal Air', '602~', 'RU', 'CRJ2', 'GOJ KVX', 1],
  ['Y7', 'TYA', 'Т4', 'НордСтар', 'NordStar', '476~', 'RU', 'B738', 'KJA TOF', 1],
  ['7R', 'RLU', '7Р', 'РусЛайн', 'RusLine', '743~', 'RU', 'CRJ2', 'CSY NBC VOG ASF CEK PEE', 3],
  ['TK', 'THY', null, 'Турецкие авиалинии', 'Turkish Airlines', '235', 'TR', 'A321 A21N B738 A333', 'IST', 3],
  ['PC', 'PGT', null, 'Пегасус', 'Pegasus Airlines', '624', 'TR', 'A20N A21N B38M', 'SAW AYT', 2],
  ['EK', 'UAE', null, 'Эмирейтс', 'Emirates', '176', 'AE', 'B77W', 'DXB', 1],
  ['FZ', 'FDB', null, 'Флайдубай', 'flydubai', '141', 'AE', 'B738 B38M', 'DXB', 2],
  ['G9', 'ABY', null, 'Эйр Арабия', 'Air Arabia', '514', 'AE', 'A320', 'SHJ', 1],
  ['QR', 'QTR', null, 'Катарские авиалинии', 'Qatar Airways', '157', 'QA', 'A320 B789', 'DOH', 1],
  [
    'HY',
    'UZB',
    null,
    'Узбекистон хаво йуллари',
    'Uzbekistan Airways',
    '250',
    'UZ',
    'A320 A21N B763',
    'TAS SKD NMA FEG',
    4,
  ],
  ['KC', 'KZR', null, 'Эйр Астана', 'Air Astana', '465', 'KZ', 'A20N A21N', 'ALA NQZ', 1],
  ['J2', 'AHY', null, 'Азербайджанские авиалинии', 'Azerbaijan Airlines', '771', 'AZ', 'A320 E190', 'GYD', 1],
  ['B2', 'BRU', null, 'Белавиа', 'Belavia', '628', 'BY', 'B738 E195 CRJ2', 'MSQ', 2],
  ['MS', 'MSR', null, 'Египетские авиалинии', 'EgyptAir', '077', 'EG', 'B738 A20N', 'HRG SSH', 1],
  ['CA', 'CCA', null, 'Эйр Чайна', 'Air China', '999', 'CN', 'A333', 'PEK URC', 1],
  ['SZ', 'SMR', null, 'Сомон Эйр', 'Somon Air', '413~', 'TJ', 'B738', 'DYU LBD', 2],
  ['ZM', 'MBB', null, 'Эйр Манас', 'Air Manas', '887~', 'KG', 'B738', 'FRU OSS', 2],
];

export const AIRLINES: AirlineFact[] = AIRLINE_ROWS.map(
  ([iata, icao, sirena, nameRu, nameEn, numeric, country, fleet, routes, weight]) => ({
    iata,
    icao,
    sirena,
    nameRu,
    nameEn,
    numeric,
    country,
    fleet: fleet.split(' '),
    routes: routes.split(' '),
    weight,
  }),
);

/** Registration prefix of the aircraft of a country. */
export const REGISTRATION_PREFIX: Record<string, string> = {
  RU: 'RA-',
  TR: 'TC-',
  AE: 'A6-',
  QA: 'A7-',
  UZ: 'UK',
  KZ: 'P4-',
  AZ: '4K-',
  BY: 'EW-',
  EG: 'SU-',
  CN: 'B-',
  TJ: 'EY-',
  KG: 'EX-',
};

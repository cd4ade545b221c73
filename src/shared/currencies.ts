/**
 * The currencies a trader can keep results in (ISO 4217 codes): one list for the settings'
 * select and the server's check. Each runtime's own list (`Intl.supportedValuesOf`) differs:
 * Chromium 156 lacks SLE, XCG and ZWG, which Node's has, and other browsers list withdrawn
 * codes too; so a code one offered, the other refused. This is Node's list (ICU 78, Node 20
 * and 24 alike). Every runtime formats any of them; a browser that does not know a code's name
 * shows the code itself.
 */
export const CURRENCY_CODES: readonly string[] = `
  AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN
  BZD CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL
  GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF
  KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR
  MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG
  SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD
  UYU UZS VES VND VUV WST XAF XCD XCG XDR XOF XPF XSU YER ZAR ZMW ZWG ZWL
`
  .trim()
  .split(/\s+/);

const KNOWN = new Set(CURRENCY_CODES);

export function isKnownCurrency(code: string): boolean {
  return KNOWN.has(code);
}

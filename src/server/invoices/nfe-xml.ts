// One concern: what an authorised NF-e's XML (nfeProc) proves, read only from what its signature covers. The
// rules are the NF-e manual's (Manual de Orientação do Contribuinte, "Chave de Acesso" and "Assinatura Digital":
// an enveloped XMLDSig over infNFe, C14N, RSA-SHA1, the issuer's ICP-Brasil certificate in KeyInfo).
import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import type { Element as XmlElement } from '@xmldom/xmldom';
import { XMLParser } from 'fast-xml-parser';
import { SignedXml } from 'xml-crypto';
import { documentKey } from '#/contract/documents.ts';
import { PlatformError } from '#/server/errors.ts';

/** What the store reads of an authorised NF-e (`nfeProc`: the NF-e and the SEFAZ's protocol). */
export type ReadInvoice = {
  key: string;
  number: string;
  series: string;
  issuedAt: string;
  total: number;
  issuer: string;
  buyer: string;
  /** The subject of the certificate that signed it (its chain to ICP-Brasil is not checked by the store). */
  signedBy: string;
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  processEntities: false,
});

type Node = Record<string, unknown>;
const node = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});
const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

const refuse = (message: string) => new PlatformError(422, 'invoice_refused', message);

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * The access key's check digit: modulo 11 over weights 2..9 from the right, each character worth its code
 * minus 48 (a digit its value; the letters of an alphanumeric CNPJ, NT 2025.001, their own worth).
 */
export function accessKeyDigit(first43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += (first43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** cUF 2, AAMM 4, CNPJ 14, mod 2, série 3, nNF 9, tpEmis 1, cNF 8, cDV 1. */
const KEY = /^(\d{2})(\d{4})([0-9A-Z]{12}\d{2})(\d{2})(\d{3})(\d{9})(\d)(\d{8})(\d)$/;

/** The key agrees with the note it names: a note whose key was made up, or copied from another, is refused. */
function checkKey(key: string, inf: Node) {
  const parts = KEY.exec(key);
  if (!parts) throw refuse('A chave de acesso do XML não tem 44 caracteres no formato da NF-e.');
  const [, cUF, yymm, cnpj, mod, serie, nNF, tpEmis, cNF, cDV] = parts;
  if (accessKeyDigit(key.slice(0, 43)) !== Number(cDV))
    throw refuse('O dígito verificador da chave de acesso não confere: a chave foi alterada.');
  const ide = node(inf['ide']);
  const emit = node(inf['emit']);
  if (documentKey(text(emit['CNPJ'])) !== cnpj)
    throw refuse('A chave de acesso traz um CNPJ diferente do emitente da nota.');
  const issued = /^\d{2}(\d{2})-(\d{2})/.exec(text(ide['dhEmi']));
  const pad = (value: unknown, size: number) => text(value).padStart(size, '0');
  const agrees =
    text(ide['cUF']) === cUF &&
    issued !== null &&
    `${issued[1] ?? ''}${issued[2] ?? ''}` === yymm &&
    text(ide['mod']) === mod &&
    pad(ide['serie'], 3) === serie &&
    pad(ide['nNF'], 9) === nNF &&
    (ide['tpEmis'] === undefined || text(ide['tpEmis']) === tpEmis) &&
    (ide['cNF'] === undefined || pad(ide['cNF'], 8) === cNF) &&
    (ide['cDV'] === undefined || text(ide['cDV']) === cDV);
  if (!agrees)
    throw refuse(
      'A chave de acesso não condiz com a nota (UF, mês de emissão, modelo, série, número ou código).',
    );
}

/** The `Signature` over infNFe: checked with the certificate it carries; answers the canonical infNFe it signs. */
function verifiedInfNFe(xml: string, id: string): { signed: string; digest: string; subject: string } {
  const doc = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml');
  const signatures = Array.from(doc.getElementsByTagNameNS(DSIG, 'Signature'));
  const ours = signatures.filter((s) =>
    Array.from(s.getElementsByTagNameNS(DSIG, 'Reference')).some((r) => r.getAttribute('URI') === `#${id}`),
  );
  if (ours.length === 0)
    throw refuse(
      'O XML não traz a assinatura digital da nota (Signature sobre infNFe): anexe o XML autorizado como a SEFAZ o devolveu.',
    );
  if (ours.length > 1) throw refuse('O XML traz mais de uma assinatura para a mesma nota.');
  const signature = ours[0] as XmlElement;
  const certificate = text(signature.getElementsByTagNameNS(DSIG, 'X509Certificate')[0]?.textContent);
  let subject = '';
  let pem = '';
  try {
    const x509 = new X509Certificate(Buffer.from(certificate.replace(/\s+/g, ''), 'base64'));
    pem = x509.toString();
    subject = x509.subject;
  } catch {
    throw refuse('A assinatura da nota não traz um certificado digital legível (X509Certificate).');
  }
  const check = new SignedXml({ publicCert: pem, getCertFromKeyInfo: () => null });
  let valid = false;
  try {
    check.loadSignature(signature as unknown as Node & globalThis.Node);
    valid = check.checkSignature(xml);
  } catch {
    valid = false;
  }
  const [signed] = valid ? check.getSignedReferences() : [];
  if (!signed) throw refuse('A assinatura digital não confere: o XML foi alterado depois de assinado.');
  const digest = text(signature.getElementsByTagNameNS(DSIG, 'DigestValue')[0]?.textContent);
  return { signed, digest, subject };
}

/**
 * The authorised NF-e in `xml`, read only from the infNFe its signature covers, or a 422 saying in Portuguese
 * what is wrong with it: not an NF-e 55, not authorised, of homologation, a key that does not agree with the
 * note, no signature or one that does not verify, or a certificate of another company.
 */
export function readAuthorisedXml(xml: string): ReadInvoice {
  let doc: Node;
  try {
    doc = node(parser.parse(xml));
  } catch {
    throw refuse('O arquivo não é um XML válido.');
  }
  const proc = node(doc['nfeProc']);
  const outer = node(node(proc['NFe'] ?? doc['NFe'])['infNFe']);
  if (!outer['ide']) throw refuse('O XML não é de uma NF-e (falta o grupo infNFe).');
  if (text(node(outer['ide'])['mod']) !== '55') throw refuse('O XML não é de uma NF-e modelo 55.');
  const prot = node(node(proc['protNFe'])['infProt']);
  const status = text(prot['cStat']);
  if (status !== '100' && status !== '150')
    throw refuse(
      'O XML não traz a autorização da SEFAZ (protNFe com cStat 100): anexe o XML autorizado (nfeProc).',
    );
  const id = text(outer['@Id']);
  const key = text(prot['chNFe']);
  if (id !== `NFe${key}`)
    throw refuse('A chave do protocolo de autorização (chNFe) não é a da nota (Id do infNFe).');
  const { signed, digest, subject } = verifiedInfNFe(xml, id);
  // From here on, only what the signature covers.
  const inf = node(node(parser.parse(signed))['infNFe']);
  if (text(inf['@Id']) !== id) throw refuse('A assinatura digital não cobre esta nota.');
  const ide = node(inf['ide']);
  if (text(ide['tpAmb']) !== '1' || (prot['tpAmb'] !== undefined && text(prot['tpAmb']) !== '1'))
    throw refuse('Esta NF-e é de homologação (tpAmb 2, sem valor fiscal): anexe a nota emitida em produção.');
  checkKey(key, inf);
  if (prot['digVal'] !== undefined && text(prot['digVal']) !== digest)
    throw refuse('O protocolo de autorização é de outra versão da nota (digVal diferente da assinatura).');
  const emit = node(inf['emit']);
  const issuer = documentKey(text(emit['CNPJ']) || text(emit['CPF']));
  if (!subject.toUpperCase().includes(issuer))
    throw refuse(`A nota foi assinada com o certificado de outra empresa (${subject.replace(/\n/g, ', ')}).`);
  const dest = node(inf['dest']);
  const total = Number(text(node(node(inf['total'])['ICMSTot'])['vNF']));
  if (!Number.isFinite(total)) throw refuse('O XML não traz o valor total da nota (vNF).');
  return {
    key,
    number: text(ide['nNF']),
    series: text(ide['serie']),
    issuedAt: text(ide['dhEmi']),
    total,
    issuer,
    buyer: documentKey(text(dest['CNPJ']) || text(dest['CPF'])),
    signedBy: subject.replace(/\n/g, ', '),
  };
}

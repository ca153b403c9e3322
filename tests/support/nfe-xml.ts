// Authorised NF-e XMLs as an ERP keeps them, for the tests: the NF-e signed as the manual says (enveloped XMLDSig
// over infNFe, C14N, RSA-SHA1, the certificate in KeyInfo) with a certificate made here, and the SEFAZ's
// protocol around it. Options break one thing at a time.
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';
import { accessKeyDigit } from '#/server/invoices/nfe-xml.ts';

export type Signer = { key: string; cert: string };

/** A certificate as ICP-Brasil writes an e-CNPJ's subject: `CN=RAZÃO SOCIAL:CNPJ`. */
export async function companyCertificate(cnpj: string, name = 'CASA E METAIS LTDA'): Promise<Signer> {
  const made = await generate([{ name: 'commonName', value: `${name}:${cnpj}` }], {
    keySize: 2048,
    algorithm: 'sha256',
  });
  return { key: made.private, cert: made.cert };
}

export type NfeOptions = {
  cnpj: string;
  cpf: string;
  total: number;
  number?: number;
  cStat?: string;
  mod?: string;
  tpAmb?: string;
  /** The key written in infNFe@Id (default: the right one). */
  key?: string;
  /** The key in the protocol (default: the Id's). */
  protocolKey?: string;
  /** Leave the signature out. */
  unsigned?: boolean;
  /** Change the signed XML after signing: this text replaces its vNF. */
  tamperTotal?: string;
};

/** The access key of a note issued in SP in Nov/2026: cUF, AAMM, CNPJ, mod, série, nNF, tpEmis, cNF, cDV. */
export function accessKey(cnpj: string, number: number, mod = '55'): string {
  const first = `352611${cnpj}${mod}002${String(number).padStart(9, '0')}112345678`;
  return `${first}${String(accessKeyDigit(first))}`;
}

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

export function signedNfeProc(o: NfeOptions, signer: Signer): string {
  const number = o.number ?? 4321;
  const mod = o.mod ?? '55';
  const key = o.key ?? accessKey(o.cnpj, number, mod);
  const nfe = `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe${key}" versao="4.00"><ide><cUF>35</cUF><cNF>12345678</cNF><natOp>Venda de mercadoria</natOp><mod>${mod}</mod><serie>2</serie><nNF>${String(number)}</nNF><dhEmi>2026-11-27T10:00:00-03:00</dhEmi><tpEmis>1</tpEmis><cDV>${key.slice(-1)}</cDV><tpAmb>${o.tpAmb ?? '1'}</tpAmb></ide><emit><CNPJ>${o.cnpj}</CNPJ><xNome>Casa e Metais</xNome></emit><dest><CPF>${o.cpf}</CPF><xNome>Ana Souza</xNome></dest><total><ICMSTot><vProd>${o.total.toFixed(2)}</vProd><vNF>${o.total.toFixed(2)}</vNF></ICMSTot></total></infNFe></NFe>`;
  let signed = nfe;
  let digest = '';
  if (!o.unsigned) {
    const sig = new SignedXml({
      privateKey: signer.key,
      publicCert: signer.cert,
      signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
      canonicalizationAlgorithm: C14N,
    });
    sig.addReference({
      xpath: "//*[local-name(.)='infNFe']",
      transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', C14N],
      digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
    });
    sig.computeSignature(nfe, {
      location: { reference: "//*[local-name(.)='infNFe']", action: 'after' },
    });
    signed = sig.getSignedXml();
    digest = /<DigestValue>([^<]+)<\/DigestValue>/.exec(signed)?.[1] ?? '';
  }
  if (o.tamperTotal) signed = signed.replace(/<vNF>[^<]+<\/vNF>/, `<vNF>${o.tamperTotal}</vNF>`);
  return `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">${signed}<protNFe versao="4.00"><infProt><tpAmb>${o.tpAmb ?? '1'}</tpAmb><chNFe>${o.protocolKey ?? key}</chNFe><digVal>${digest}</digVal><cStat>${o.cStat ?? '100'}</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>`;
}

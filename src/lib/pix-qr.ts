import QRCode from 'qrcode';

/**
 * The QR code of a Pix "copia e cola", as inline SVG drawn on the server: no script and no image request,
 * sharp at any size. Medium error correction, as bank apps expect.
 */
export const pixQrSvg = (payload: string): Promise<string> =>
  QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

/** Any text as a QR code in inline SVG (an authenticator app's enrolment link, in the back office). */
export const qrSvg = pixQrSvg;

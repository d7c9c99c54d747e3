// Consumers' identifiers as an adversarial probe wrote them into a record (split by invisible
// characters, grouped, spelled around the "@"), each beside what of it must not show once masked
// (its digits or the e-mail's local part, separators taken out). The hostile-service tests of the
// tools and of the prompts put them into every string a record holds.
export const WRITTEN_IDENTIFIERS: ReadonlyArray<readonly [written: string, secret: string]> = [
  ['Mi DNI 1122\u200b3344', '11223344'],
  ['correo zw.mail\u200b@gmail.com', 'zwmail@'],
  ['DNI 3344\u20605566-7', '33445566'],
  ['DNI66778899', '66778899'],
  ['al 987.654.\u200c321', '987654321'],
  ['pe.dro\u00ad@hotmail.com', 'pedro@'],
  ['tipo DNI 7382 9104', '73829104'],
  ['juan.perez @ gmail.com', 'juanperez@'],
];

import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './axe.ts';
import { shopperContext } from './shopper.ts';
import { OWNERS_CONTACT } from './owners.ts';
import { panelNav, teamMember } from './staff.ts';

/**
 * The content role's menus, hours and profiles, popups and the home's showcases. A new footer link refused under its row, then
 * saved first in the column, which a shopper without JavaScript sees at once, then taken out again; the
 * store's hours and profiles; a popup. On the desktop project only: both projects would edit the same
 * menu, settings and popups at once.
 */
test.describe.configure({ timeout: 150_000 });

test('a content member adds a link to the footer, first in its column, then takes it out', async ({
  page,
  request,
  browser,
  isMobile,
}) => {
  test.skip(isMobile, 'One menu, edited by one project at a time.');
  await teamMember(page, request, 'conteudo', 'Mara Menus');
  await (await panelNav(page)).getByRole('link', { name: 'Menus' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Menus' })).toBeVisible();
  await page.getByRole('link', { name: 'Rodapé: ajuda' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rodapé: ajuda' })).toBeVisible();

  const text = `Garantia ${String(Date.now()).slice(-6)}`;
  const blank = page.getByRole('group', { name: 'Novo link' }).first();
  await blank.getByLabel('Texto').fill(text);
  await blank.getByLabel('Leva a').fill('javascript:alert(1)');
  await blank.getByLabel('Posição').fill('0');
  await page.getByRole('button', { name: 'Salvar o menu' }).click();
  await expect(page.getByRole('alert').first()).toContainText('Use um endereço da loja');
  await expect(page.getByRole('group', { name: 'Novo link' }).first().getByLabel('Leva a')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectNoSeriousA11yIssues(page, undefined, '/painel/menus/{hash}');

  await page
    .getByRole('group', { name: 'Novo link' })
    .first()
    .getByLabel('Leva a')
    .fill('/institucional/quem-somos');
  await page.getByRole('button', { name: 'Salvar o menu' }).click();
  await expect(page.getByRole('status').first()).toContainText('Menu salvo');
  await expect(page.getByRole('group', { name: 'Link 1' }).getByLabel('Texto')).toHaveValue(text);

  const shopper = await (await shopperContext(browser, false, { javaScript: false })).newPage();
  await shopper.goto('/');
  const footerLink = shopper.getByRole('contentinfo').getByRole('link', { name: text });
  await expect(footerLink).toHaveAttribute('href', '/institucional/quem-somos');

  await page.getByRole('group', { name: 'Link 1' }).getByLabel('Tirar este link').check();
  await page.getByRole('button', { name: 'Salvar o menu' }).click();
  await expect(page.getByRole('status').first()).toContainText('Menu salvo');
  await expect(page.getByRole('table', { name: 'Mudanças deste menu' })).toContainText('Mara Menus');
  await shopper.reload();
  await expect(shopper.getByRole('contentinfo').getByRole('link', { name: text })).toHaveCount(0);
  await shopper.context().close();
});

test('a content member gives the store’s hours and profiles: the example’s refused, then the footer shows them', async ({
  page,
  request,
  browser,
  isMobile,
}) => {
  test.skip(isMobile, 'One set of profiles, edited by one project at a time.');
  await teamMember(page, request, 'conteudo', 'Rita Redes');
  await (await panelNav(page)).getByRole('link', { name: 'Horários e redes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Horários e redes sociais' })).toBeVisible();
  await page.getByLabel('Instagram').fill('https://golpe.example/instagram');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('#f-instagram-erro')).toContainText('perfil da loja no Instagram');
  await expectNoSeriousA11yIssues(page, undefined, '/painel/contato');
  // The example's profile is another company's.
  await page.getByLabel('Instagram').fill(OWNERS_CONTACT.redes.instagram);
  await page.getByLabel('Facebook').fill('https://www.facebook.com/casaemetais');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('#f-facebook-erro')).toContainText('loja de exemplo');

  await page.getByLabel('Facebook').fill('');
  await page.getByLabel('YouTube').fill(OWNERS_CONTACT.redes.youtube);
  for (const [row, line] of OWNERS_CONTACT.horarios.entries()) {
    await page.getByLabel(`Dias (linha ${String(row + 1)})`).fill(line.dias);
    await page.getByLabel(`Horário (linha ${String(row + 1)})`).fill(line.horario);
  }
  for (let row = OWNERS_CONTACT.horarios.length; row < 6; row += 1) {
    const days = page.getByLabel(`Dias (linha ${String(row + 1)})`);
    if ((await days.count()) === 0) break;
    await days.fill('');
    await page.getByLabel(`Horário (linha ${String(row + 1)})`).fill('');
  }
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('status').first()).toContainText('Salvo');

  const shopper = await (await shopperContext(browser, false, { javaScript: false })).newPage();
  await shopper.goto('/');
  const footer = shopper.getByRole('contentinfo');
  await expect(footer).toContainText('Sábado: 9h às 13h');
  await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    OWNERS_CONTACT.redes.instagram,
  );
  await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveCount(0);
  await shopper.context().close();
});

test('a content member writes a popup: refused without text, created switched off, then removed', async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(isMobile, 'The popups are the store’s, edited by one project at a time.');
  await teamMember(page, request, 'conteudo', 'Paula Popups');
  await (await panelNav(page)).getByRole('link', { name: 'Avisos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Avisos (popups)' })).toBeVisible();
  const name = `Frete grátis ${String(Date.now()).slice(-6)}`;
  const form = page.getByRole('region', { name: 'Novo aviso' });
  await form.getByLabel('Nome (só a equipe vê)').fill(name);
  await form.getByLabel('Aparece depois de (segundos)').fill('300');
  // Switched off: no shopper's journey meets it while it is being written.
  await form.getByLabel('Ligado').uncheck();
  await form.getByRole('button', { name: 'Criar aviso' }).click();
  await expect(page.locator('#f-novo-conteudo-erro')).toContainText('Escreva o texto');
  await expect(page.locator('#f-novo-tempo-erro')).toContainText('de 0 a 120');
  await expectNoSeriousA11yIssues(page, undefined, '/painel/avisos');

  await form.getByLabel('Aparece depois de (segundos)').fill('10');
  await form
    .getByLabel('Texto')
    .fill('<strong>Frete grátis</strong> no Sudeste hoje.<script>alert(1)</script>');
  await form.getByLabel('Link do botão (opcional)').fill('/c/frete-gratis');
  await form.getByRole('button', { name: 'Criar aviso' }).click();
  await expect(page.getByRole('status').first()).toContainText('Aviso criado');
  const card = page.getByRole('region', { name: name });
  await expect(card).toContainText('Desligado');
  await expect(card.getByLabel('Texto')).toHaveValue('<strong>Frete grátis</strong> no Sudeste hoje.');
  await card.getByRole('button', { name: `Remover ${name}` }).click();
  await expect(page.getByRole('status').first()).toContainText('Aviso removido');
  await expect(page.getByRole('region', { name: name })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Mudanças dos avisos' })).toContainText('Paula Popups');
});

test('a content member renames the home’s last showcase: a shopper sees the new title, then it is put back', async ({
  page,
  request,
  browser,
  isMobile,
}) => {
  test.skip(isMobile, 'The home is the store’s, arranged by one project at a time.');
  await teamMember(page, request, 'conteudo', 'Vera Vitrines');
  await (await panelNav(page)).getByRole('link', { name: 'Vitrines' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vitrines da página inicial' })).toBeVisible();
  const last = page.getByRole('group').last();
  const before = await last.getByLabel('Título').inputValue();
  const title = `Novidades ${String(Date.now()).slice(-6)}`;
  await last.getByLabel('Título').fill('');
  await page.getByRole('button', { name: 'Salvar as vitrines' }).click();
  await expect(page.getByRole('alert').first()).toContainText('título da vitrine');
  await expectNoSeriousA11yIssues(page, undefined, '/painel/vitrines');

  await page.getByRole('group').last().getByLabel('Título').fill(title);
  await page.getByRole('button', { name: 'Salvar as vitrines' }).click();
  await expect(page.getByRole('status').first()).toContainText('Vitrines salvas');
  const shopper = await (await shopperContext(browser, false, { javaScript: false })).newPage();
  await shopper.goto('/');
  await expect(shopper.getByRole('heading', { level: 2, name: title })).toBeVisible();

  // Back as it was, for the other journeys' home.
  await page.getByRole('group').last().getByLabel('Título').fill(before);
  await page.getByRole('button', { name: 'Salvar as vitrines' }).click();
  await expect(page.getByRole('status').first()).toContainText('Vitrines salvas');
  await expect(page.getByRole('table', { name: 'Mudanças das vitrines' })).toContainText('Vera Vitrines');
  await shopper.context().close();
});

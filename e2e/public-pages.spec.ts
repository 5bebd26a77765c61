// The public site as a visitor sees it, at desktop and phone widths: header,
// footer, home, about, no-account and the 404 page.
import { expect, test, viewports, type ViewportName } from './fixtures';

for (const name of Object.keys(viewports) as ViewportName[]) {
  test.describe(`public site at ${name} width`, () => {
    test.use({ viewport: viewports[name] });

    test('header links lead to their pages', async ({ page }) => {
      await page.goto('/about');
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'GrantBridge' })).toHaveAttribute('href', '/');

      const openMenu = async () => {
        if (name !== 'phone') return header;
        const toggle = header.getByRole('button', { name: 'Menu' });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        return header;
      };

      const expectations = [
        { link: 'Home', url: '/', heading: 'Connecting Researchers for Breakthrough Discoveries' },
        { link: 'About', url: '/about', heading: 'Transforming Research Funding' },
        { link: 'Contact', url: '/contact', heading: 'Contact Us' },
        { link: 'Request Demo', url: '/request-demo', heading: 'Request a Demo' },
        { link: 'Sign In', url: '/login', heading: 'Sign in to GrantBridge' },
      ];
      for (const { link, url, heading } of expectations) {
        const scope = await openMenu();
        const target = scope.getByRole('link', { name: link, exact: true });
        await expect(target).toHaveAttribute('href', url);
        await target.click();
        await expect(page).toHaveURL(url);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        if (name === 'phone') {
          // Choosing a link closes the menu.
          await expect(header.getByRole('button', { name: 'Menu' })).toHaveAttribute(
            'aria-expanded',
            'false',
          );
          await expect(header.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
        }
      }
    });

    if (name === 'phone') {
      test('the phone menu toggles open and closed', async ({ page }) => {
        await page.goto('/');
        const header = page.getByRole('banner');
        const toggle = header.getByRole('button', { name: 'Menu' });
        const menu = header.getByRole('navigation', { name: 'Mobile' });
        // The desktop links are not shown on a phone.
        await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();
        await expect(menu).toBeHidden();
        await toggle.click();
        await expect(menu).toBeVisible();
        await expect(menu.getByRole('link')).toHaveText(['Home', 'About', 'Contact']);
        await toggle.click();
        await expect(menu).toBeHidden();
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      });
    } else {
      test('the desktop header shows its links without a menu button', async ({ page }) => {
        await page.goto('/');
        const header = page.getByRole('banner');
        await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(
          ['Home', 'About', 'Contact'],
        );
        await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden();
      });
    }

    test('footer: navigation, Get Started column and copyright', async ({ page }) => {
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      await expect(
        footer.getByRole('navigation', { name: 'Navigation' }).getByRole('link'),
      ).toHaveText(['Home', 'About', 'Contact']);
      await expect(footer).toContainText(`© ${new Date().getFullYear()} GrantBridge`);
      const requestDemo = footer
        .getByRole('navigation', { name: 'Get Started' })
        .getByRole('link', { name: 'Request Demo' });
      // Unlike the header's, the footer's Request Demo goes to the get-started form.
      await expect(requestDemo).toHaveAttribute('href', '/get-started');
      await requestDemo.click();
      await expect(page).toHaveURL('/get-started');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    test('home: hero links, stats band, features and closing call to action', async ({ page }) => {
      await page.goto('/');
      const main = page.getByRole('main');
      await expect(
        main.getByRole('heading', {
          level: 1,
          name: 'Connecting Researchers for Breakthrough Discoveries',
        }),
      ).toBeVisible();
      await expect(main.getByRole('link', { name: 'Request Demo' })).toHaveAttribute(
        'href',
        '/request-demo',
      );
      await expect(main.getByRole('link', { name: 'Learn More' })).toHaveAttribute(
        'href',
        '/about',
      );
      await expect(
        main.getByRole('heading', { name: 'Empowering Research Through Innovation' }),
      ).toBeVisible();
      for (const card of [
        'Enhanced Collaboration',
        'Smart Search with AI',
        'Grant Management',
        '24/7 Grant Discovery',
      ]) {
        await expect(main.getByRole('heading', { name: card })).toBeVisible();
      }
      await expect(main.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute(
        'href',
        '/request-demo',
      );

      await main.getByRole('link', { name: 'Learn More' }).click();
      await expect(page).toHaveURL('/about');
      await page.goBack();
      await main.getByRole('link', { name: 'Request Demo' }).click();
      await expect(page).toHaveURL('/request-demo');
    });

    test('about: story, five reasons, values and the call to action', async ({ page }) => {
      await page.goto('/about');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Transforming Research Funding' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Our Story' })).toBeVisible();
      const why = page.getByRole('region', { name: 'Why Choose GrantBridge' });
      await expect(why.getByRole('listitem')).toHaveText([
        'AI-powered matching with relevant grants',
        'Connect with potential research collaborators',
        'Streamlined application process',
        'Real-time funding opportunities',
        'Fast and easy onboarding for admins and professors',
      ]);
      const values = page.getByRole('region', { name: 'Our Values' });
      for (const value of ['Innovation', 'Collaboration', 'Impact']) {
        await expect(values.getByRole('heading', { name: value })).toBeVisible();
      }
      const cta = page
        .getByRole('region', { name: 'Ready to Transform Your Research Journey?' })
        .getByRole('link', { name: 'Get Started' });
      await expect(cta).toHaveAttribute('href', '/get-started');
      await cta.click();
      await expect(page).toHaveURL('/get-started');
    });

    test('no-account page offers a call and an e-mail', async ({ page }) => {
      await page.goto('/no-account');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        'doesn’t have a GrantBridge account yet',
      );
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'Schedule a Call' })).toHaveAttribute(
        'href',
        '/request-demo',
      );
      await expect(main.getByRole('link', { name: 'Email Us' })).toHaveAttribute(
        'href',
        '/contact',
      );
      await main.getByRole('link', { name: 'Email Us' }).click();
      await expect(page).toHaveURL('/contact');
      await page.goBack();
      await main.getByRole('link', { name: 'Schedule a Call' }).click();
      await expect(page).toHaveURL('/request-demo');
    });

    test('an unknown path shows the 404 page', async ({ page }) => {
      await page.goto('/no-such-page/at-all');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveTitle(/Page not found/);
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await expect(page).toHaveURL('/');
    });
  });
}

test.describe('stats band', () => {
  // The count-up is motion: this describe sees the page as most people do (the config reduces motion).
  test.use({ contextOptions: { reducedMotion: 'no-preference' } });
  // On a phone the band starts below the fold, so the count-up can be watched.
  test.use({ viewport: viewports.phone });

  test('counts up to the live figures once scrolled into view', async ({ page, request }) => {
    const stats = (await (await request.get('/api/v1/stats')).json()) as { institutions: number };
    expect(stats.institutions).toBe(2336);

    // The page's timers and frames on a clock the journey can move (time still flows).
    await page.clock.install();
    await page.goto('/');
    const band = page.getByRole('region', { name: 'GrantBridge by the numbers' });
    const institutions = band
      .locator('dl > div')
      .filter({ has: page.getByText('US institutions in our directory', { exact: true }) })
      .locator('dd span[aria-hidden="true"]');
    // Less than the 30% the band's observer waits for.
    await expect(band).not.toBeInViewport({ ratio: 0.3 });
    // Wait for the live figure to arrive (screen readers get it at once) while the band is unseen.
    await expect(band.getByText('2,336', { exact: true })).toBeAttached();
    await expect(institutions).toHaveText('0');

    await band.scrollIntoViewIfNeeded();
    await expect(institutions).toHaveText('2,336', { timeout: 5000 });
    const stable = await institutions.textContent();
    // A third of the count-up's length: a second count would be part-way now.
    await page.clock.runFor(300);
    // It counts once: the value stays put afterwards.
    await expect(institutions).toHaveText(stable ?? '');
  });

  test('shows the final figures at once under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const band = page.getByRole('region', { name: 'GrantBridge by the numbers' });
    await expect(
      band
        .locator('dl > div')
        .filter({ has: page.getByText('US institutions in our directory', { exact: true }) })
        .locator('dd span[aria-hidden="true"]'),
    ).toHaveText('2,336');
  });
});

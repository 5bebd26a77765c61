// Publications from BibTeX, RIS and ORCID (its responses served from a local
// server, never the internet), duplicates skipped by DOI or title and year.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makePerson, type TestPerson } from '../../../test/factories';
import { isValidOrcid } from './orcid';
import { readPublicationFile } from './publications-import';

const fixtures = path.join(import.meta.dirname, '../../../test/fixtures');
const bib = fs.readFileSync(path.join(fixtures, 'publications.bib'), 'utf8');
const ris = fs.readFileSync(path.join(fixtures, 'publications.ris'), 'utf8');
const works = fs.readFileSync(path.join(fixtures, 'orcid-works-0000-0002-1825-0097.json'), 'utf8');

let t: TestApp;
let orcid: http.Server;
let orcidUp = true;
let person: TestPerson;
let other: TestPerson;

beforeAll(async () => {
  orcid = http.createServer((request, response) => {
    if (!orcidUp) return void request.socket.destroy();
    if (request.url === '/v3.0/0000-0002-1825-0097/works' && request.headers.accept === 'application/json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(works);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => orcid.listen(0, '127.0.0.1', resolve));
  const { port } = orcid.address() as AddressInfo;
  t = await createTestApp({ ORCID_API_URL: `http://127.0.0.1:${port}/v3.0` });
  person = await makePerson(t.db, 'Jane Doe');
  other = await makePerson(t.db, 'Other Person');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => orcid.close(resolve));
});

const upload = (text: string, contentType: string, cookie = person.cookie) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/profile/publications/import',
    payload: text,
    headers: { cookie, 'content-type': contentType },
  });
const publications = async (cookie = person.cookie) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { cookie } })).json().profile.publications as {
    title: string;
    doi: string | null;
    year: number | null;
    journal: string | null;
    authors: string | null;
  }[];

describe('POST /api/v1/profile/publications/import', () => {
  it('adds a BibTeX file once; the same file again adds nothing', async () => {
    const res = await upload(bib, 'application/x-bibtex');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      added: 3,
      duplicates: 0,
      errors: [{ entry: 4, reason: 'The entry has no title' }],
      addedEntries: [
        { entry: 1, title: 'Snow Water Equivalent from Space: a Review' },
        { entry: 2, title: 'Airborne LiDAR for mountain snowpack' },
        { entry: 3, title: 'Mountain Hydrology' },
      ],
      duplicateEntries: [],
    });
    const list = await publications();
    expect(list.find((p) => p.year === 2024)).toMatchObject({
      title: 'Snow Water Equivalent from Space: a Review',
      journal: 'Water Resources Research',
      authors: 'Jane Doe, Richard Roe',
      doi: '10.1029/2023wr035000',
    });
    expect(list.find((p) => p.year === 2022)?.journal).toBe('Proceedings of the Western Snow Conference');
    const again = await upload(bib, 'text/plain');
    expect(again.json()).toMatchObject({ added: 0, duplicates: 3, addedEntries: [] });
    expect(again.json().duplicateEntries).toEqual([
      { entry: 1, title: 'Snow Water Equivalent from Space: a Review', alreadyIn: 'profile' },
      { entry: 2, title: 'Airborne LiDAR for mountain snowpack', alreadyIn: 'profile' },
      { entry: 3, title: 'Mountain Hydrology', alreadyIn: 'profile' },
    ]);
    expect(await publications()).toHaveLength(3);
  });

  it('tells RIS from the content and skips a publication it has by DOI', async () => {
    const res = await upload(ris, 'text/plain');
    expect(res.json()).toEqual({
      added: 2,
      duplicates: 1,
      errors: [],
      addedEntries: [
        { entry: 1, title: 'Rain-on-snow events in a warming climate' },
        { entry: 3, title: 'Snow and society' },
      ],
      duplicateEntries: [{ entry: 2, title: 'Snow Water Equivalent from Space: A Review', alreadyIn: 'profile' }],
    });
    const list = await publications();
    expect(list.find((p) => p.year === 2021)).toMatchObject({ doi: '10.1029/2021gl000001', journal: 'Geophysical Research Letters' });
    expect(list.find((p) => p.title === 'Snow and society')?.journal).toBe('Handbook of Mountain Science');
  });

  it('takes pasted text, and names each entry it added or skipped by its number', async () => {
    const paster = await makePerson(t.db, 'Pat Paster');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/publications',
      payload: { title: 'Snow on the move', year: 2021 },
      headers: { cookie: paster.cookie },
    });
    const pasted = [
      '',
      '@article{a, title = {Glacier melt and river flow}, author = {Doe, Jane}, year = 2020}',
      '@article{b, title = {Glacier Melt and River Flow}, author = {Doe, Jane}, year = 2020}',
      '@misc{c, author = {Nobody, A.}, year = 2020}',
      '@article{d, title = {Snow on the move}, journal = {Snow}, year = 2021}',
      '',
    ].join('\n');
    const res = await upload(pasted, 'text/plain', paster.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      added: 1,
      duplicates: 2,
      errors: [{ entry: 3, reason: 'The entry has no title' }],
      addedEntries: [{ entry: 1, title: 'Glacier melt and river flow' }],
      duplicateEntries: [
        { entry: 2, title: 'Glacier Melt and River Flow', alreadyIn: 'file' },
        { entry: 4, title: 'Snow on the move', alreadyIn: 'profile' },
      ],
    });
    expect((await publications(paster.cookie)).map((p) => p.title).sort()).toEqual([
      'Glacier melt and river flow',
      'Snow on the move',
    ]);
  });

  it('refuses text that is neither format, and changes nothing', async () => {
    const before = (await publications()).length;
    const res = await upload('just some words', 'text/plain');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(await publications()).toHaveLength(before);
  });

  it('refuses nested @string macros before expanding them (751 bytes were 17 s of a frozen server), and changes nothing', async () => {
    const before = (await publications()).length;
    const macros = ['@string{m0 = "xxxxxxxxxx"}'];
    for (let i = 1; i <= 8; i++) macros.push(`@string{m${i} = ${Array(6).fill(`m${i - 1}`).join(' # ')}}`);
    const entries = [0, 1, 2, 3, 4].map((e) => `@article{e${e}, title = m8, author = {A B}, year = 2020}`);
    const res = await upload([...macros, ...entries].join('\n'), 'application/x-bibtex');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', detail: expect.stringContaining('@string macros expand') });
    expect(await publications()).toHaveLength(before);
  });

  it('names braces nested too deep instead of reporting a stack overflow', async () => {
    const res = await upload(`@article{a, title = ${'{'.repeat(20_000)}x${'}'.repeat(20_000)}, year = 2020}`, 'text/plain');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The BibTeX could not be read: its braces or quotes nest too deeply to read.');
    expect(res.body).not.toMatch(/call stack/i);
  });

  it('keeps the event loop free while a file is read: the work runs in a worker thread', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => `@article{k${i}, title = {Entry ${i} on snow}, author = {Doe, Jane}, year = 2020}`).join('\n');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = Date.now();
    const { items } = await readPublicationFile(many);
    clearInterval(timer);
    expect(items).toHaveLength(2000);
    // The timer kept firing while the file was parsed (on the main thread it fires at most once).
    expect(ticks).toBeGreaterThan((Date.now() - started) / 5 / 4);
  });

  it('ends a parse past its deadline with a clear refusal', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => `@article{d${i}, title = {Entry ${i} on rain}, year = 2021}`).join('\n');
    await expect(readPublicationFile(many, 50)).rejects.toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('took longer than 1 s to read'),
    });
    // The pool starts a fresh worker for the next file.
    expect((await readPublicationFile(bib)).items).toHaveLength(3);
  });

  it('adds to the caller only, and answers 401 signed out', async () => {
    expect(await publications(other.cookie)).toHaveLength(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/publications/import',
      payload: bib,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/v1/profile/orcid', () => {
  const importOrcid = (value: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/profile/orcid', payload: { orcid: value }, headers: { cookie: other.cookie } });

  it('checks the check digit', () => {
    expect(isValidOrcid('0000-0002-1825-0097')).toBe(true);
    expect(isValidOrcid('0000-0001-5109-3700')).toBe(true);
    expect(isValidOrcid('0000-0002-1694-233X')).toBe(true);
    expect(isValidOrcid('0000-0002-1825-0098')).toBe(false);
    expect(isValidOrcid('0000-0002-1825-009')).toBe(false);
  });

  it('refuses a wrong iD with validation_failed on the field', async () => {
    const res = await importOrcid('0000-0002-1825-0098');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'orcid' }] });
  });

  it('answers 502 upstream_unavailable when ORCID cannot be reached, and changes nothing', async () => {
    orcidUp = false;
    try {
      const res = await importOrcid('0000-0002-1825-0097');
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('upstream_unavailable');
    } finally {
      orcidUp = true;
    }
    expect(await publications(other.cookie)).toHaveLength(0);
  });

  it('imports the public works once, from an iD or its address, and remembers the iD', async () => {
    const res = await importOrcid('https://orcid.org/0000-0002-1825-0097');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ added: 2, duplicates: 0, errors: [], duplicateEntries: [] });
    expect(res.json().addedEntries.map((e: { entry: number }) => e.entry)).toEqual([1, 2]);
    expect(res.json().addedEntries[0].title).toBe('Psychoceramics: the study of cracked pots');
    const list = await publications(other.cookie);
    expect(list.find((p) => p.year === 2012)).toMatchObject({
      title: 'Psychoceramics: the study of cracked pots',
      doi: '10.1087/20120404',
      journal: 'Learned Publishing',
    });
    const again = (await importOrcid('0000-0002-1825-0097')).json();
    expect(again).toMatchObject({ added: 0, duplicates: 2, addedEntries: [] });
    expect(again.duplicateEntries.every((e: { alreadyIn: string }) => e.alreadyIn === 'profile')).toBe(true);
    const profile = (await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { cookie: other.cookie } })).json().profile;
    expect(profile.orcid).toBe('0000-0002-1825-0097');
  });
});

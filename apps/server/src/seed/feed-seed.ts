// Demo activity (fictional people), loaded once after the demo people and
// applications: three weeks of posts, comments and likes at the demo
// university and among its teammates at Riverside, plus the events the
// product itself posts (people joining, a team forming), so the first start
// shows a living feed. Timestamps lie in the recent past.
import { sql } from 'drizzle-orm';
import { queryRows, uuidArray, withTransaction, type Db } from '../db/client';
import { getMeta, setMeta } from '../db/meta';
import { postComments, postLikes, posts } from '../db/schema/feed';
import { findUserIdsByEmail } from '../modules/auth/auth.service';

const jordan = 'researcher@example.edu';
const avery = 'avery.castellano@riverside.example.edu';
const lucas = 'lucas.halvorsen@example.edu';
const mateo = 'mateo.kowalski@example.edu';
const isaac = 'isaac.holloway@example.edu';
const kenji = 'kenji.sadeghi@example.edu';
const malik = 'malik.takeda@example.edu';
const felix = 'felix.novak@example.edu';
const andre = 'andre.whitfield@example.edu';
const dana = 'dana.whitlock@example.edu';
const admin = 'admin@example.edu';
const elena = 'elena.ashworth@riverside.example.edu';

type DemoPost = {
  by: string;
  hoursAgo: number;
  text: string;
  likes: string[];
  comments: [by: string, text: string][];
};

const demoPosts: DemoPost[] = [
  {
    by: avery,
    hoursAgo: 3,
    text: 'First canopy-loss maps for the Macrosystems proposal are in. Jordan, the overlap with your soil flux plots is better than we hoped.',
    likes: [jordan, elena],
    comments: [
      [jordan, 'These are great. Let us put the overlap figure in the project description.'],
      [elena, 'Happy to run the uncertainty bounds on these before Friday.'],
    ],
  },
  {
    by: admin,
    hoursAgo: 20,
    text: 'Reminder from the Office of Research: internal routing needs proposals five business days before the sponsor deadline. Questions? Reply here or message me.',
    likes: [mateo, isaac, kenji, dana],
    comments: [[kenji, 'Thanks, Morgan. Does that include the budget justification?'], [admin, 'Yes, the full package including budget.']],
  },
  {
    by: lucas,
    hoursAgo: 30,
    text: 'Our coastal resilience paper was accepted in Estuaries and Coasts! Preprint: https://example.org/preprints/coastal-resilience',
    likes: [jordan, mateo, malik, felix, andre, admin],
    comments: [[mateo, 'Congratulations, Lucas!'], [jordan, 'Well deserved. Drinks on Thursday?']],
  },
  {
    by: isaac,
    hoursAgo: 52,
    text: 'Looking for a co-investigator with machine-learning experience for an NIH R21 on wearable sensor data. Anyone interested?',
    likes: [felix],
    comments: [[felix, 'I would be interested. I will message you.']],
  },
  {
    by: mateo,
    hoursAgo: 75,
    text: 'Slides from my talk on community-engaged research design are on the shared drive. Thanks to everyone who came.',
    likes: [jordan, dana, andre],
    comments: [],
  },
  {
    by: dana,
    hoursAgo: 120,
    text: 'The new mass spectrometer in the chemistry building is open for bookings from next week. Training sessions on Tuesdays.',
    likes: [kenji, malik, isaac],
    comments: [[malik, 'Is there a sign-up sheet for training?'], [dana, 'Yes, on the core facilities page.']],
  },
  {
    by: jordan,
    hoursAgo: 170,
    text: 'Field season wrap-up: 140 soil cores, 3 warming plots, zero lost samples. Proud of this team.',
    likes: [avery, lucas, mateo],
    comments: [[avery, 'Zero lost samples is a record!']],
  },
  {
    by: kenji,
    hoursAgo: 260,
    text: 'Does anyone have a template for an NSF data management plan that passed review recently? Happy to share mine in return.',
    likes: [andre],
    comments: [[jordan, 'Mine from last year is in the research office library.'], [kenji, 'Found it, thank you!']],
  },
  {
    by: andre,
    hoursAgo: 380,
    text: 'Welcome to our new postdocs in the School of Engineering! Stop by the third-floor lab to say hello.',
    likes: [felix, malik, dana, isaac],
    comments: [],
  },
  {
    by: felix,
    hoursAgo: 470,
    text: 'Grant writing workshop next month: aims pages, budgets and how reviewers read them. Sign-up link: https://example.org/workshops/grant-writing',
    likes: [jordan, lucas, kenji, mateo, admin],
    comments: [[lucas, 'Signed up. The aims page session is exactly what I need.']],
  },
];

const joined: [email: string, hoursAgo: number][] = [
  [dana, 400],
  [andre, 500],
];

export async function loadDemoFeed(db: Db): Promise<boolean> {
  if (await getMeta(db, 'demo_feed_seeded_at')) return false;
  const emails = [...new Set([...demoPosts.flatMap((p) => [p.by, ...p.likes, ...p.comments.map((c) => c[0])]), ...joined.map((j) => j[0])])];
  const idOf = await findUserIdsByEmail(db, emails);
  if (emails.some((e) => !idOf.has(e))) return false;
  const people = await queryRows<{ id: string; name: string; institution_id: string; institution: string }>(
    db,
    sql`SELECT u.id, u.name, u.institution_id, i.name AS institution FROM users u JOIN institutions i ON i.id = u.institution_id
      WHERE u.id = ANY(${uuidArray([...idOf.values()])})`,
  );
  const person = new Map(people.map((p) => [p.id, p]));
  const at = (hoursAgo: number, minutes = 0) => new Date(Date.now() - hoursAgo * 3_600_000 + minutes * 60_000);

  await withTransaction(db, async (t) => {
    for (const [email, hoursAgo] of joined) {
      const who = person.get(idOf.get(email)!)!;
      await t
        .insert(posts)
        .values({
          authorId: who.id,
          institutionId: who.institution_id,
          kind: 'event',
          eventType: 'member.joined',
          eventSubjectKind: 'researcher',
          eventSubjectId: who.id,
          eventSubjectLabel: who.name,
          eventKey: `joined:${who.id}`,
          content: `${who.name} joined ${who.institution}.`,
          createdAt: at(hoursAgo),
        })
        .onConflictDoNothing();
    }
    for (const demo of demoPosts) {
      const author = person.get(idOf.get(demo.by)!)!;
      const [post] = await t
        .insert(posts)
        .values({
          authorId: author.id,
          institutionId: author.institution_id,
          content: demo.text,
          likeCount: demo.likes.length,
          commentCount: demo.comments.length,
          createdAt: at(demo.hoursAgo),
        })
        .returning({ id: posts.id });
      if (demo.likes.length) {
        await t.insert(postLikes).values(demo.likes.map((email, i) => ({ postId: post!.id, userId: idOf.get(email)!, createdAt: at(demo.hoursAgo, 5 + i) })));
      }
      if (demo.comments.length) {
        await t.insert(postComments).values(
          demo.comments.map(([email, content], i) => ({ postId: post!.id, authorId: idOf.get(email)!, content, createdAt: at(demo.hoursAgo, 20 + 15 * i) })),
        );
      }
    }
    await setMeta(t, 'demo_feed_seeded_at', new Date().toISOString());
  });
  return true;
}

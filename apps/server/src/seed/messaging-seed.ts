// Demo conversations with history for the demo accounts (fictional people),
// loaded once after the demo people exist. Timestamps lie in the recent past.
import type { Config } from '../config';
import { withTransaction, type Db } from '../db/client';
import { getMeta, setMeta } from '../db/meta';
import { conversationMembers, conversations, messages } from '../db/schema/messaging';
import { findUserIdsByEmail } from '../modules/auth/auth.service';

type Line = [from: string, text: string];
type DemoConversation = {
  type: 'direct' | 'group' | 'team';
  name?: string;
  people: string[];
  /** How many of the last messages the first person has not read yet. */
  unreadForFirst: number;
  hoursAgo: number;
  lines: Line[];
};

const me = 'researcher@example.edu';
const admin = 'admin@example.edu';
const avery = 'avery.castellano@riverside.example.edu';
const priya = 'priya.petrov@lakeshore.example.edu';
const mateo = 'mateo.kowalski@example.edu';
const hana = 'hana.baptiste@riverside.example.edu';
const jordanH = 'jordan.haddad@northfield.example.edu';
const elena = 'elena.ashworth@riverside.example.edu';

const demoConversations: DemoConversation[] = [
  {
    type: 'direct',
    people: [me, avery],
    unreadForFirst: 2,
    hoursAgo: 1,
    lines: [
      [avery, 'Hi Jordan, I read your paper on soil carbon flux under warming. Great work.'],
      [me, 'Thank you, Avery! Your remote-sensing work on canopy loss is exactly what we were missing.'],
      [avery, 'That is why I am writing: the NSF Macrosystems call looks like a fit for both of us.'],
      [me, 'I saw it. Closing in about two months, right?'],
      [avery, 'Yes. Up to $1.5M over four years; cross-institution teams are encouraged.'],
      [me, 'Our eddy covariance towers could anchor the field component.'],
      [avery, 'And we would bring the satellite time series from 2001 onward.'],
      [me, 'Shall we draft a one-page concept note first?'],
      [avery, 'Yes. I started a shared outline: aims, sites, and a data management plan.'],
      [avery, 'Could you add the tower sites and instrument list by Friday?'],
    ],
  },
  {
    type: 'direct',
    people: [me, admin],
    unreadForFirst: 1,
    hoursAgo: 5,
    lines: [
      [admin, 'Hello Dr. Ellery, a reminder that internal routing for NSF proposals is due 10 business days ahead.'],
      [me, 'Thanks, Morgan. We are aiming at the Macrosystems Biology deadline.'],
      [admin, 'Noted. Will any subawards be involved?'],
      [me, 'Yes, one to Riverside Institute of Technology for the remote-sensing work.'],
      [admin, 'Then I will need a letter of intent and a budget from their sponsored programs office.'],
      [me, 'I will ask Dr. Castellano to start that with her office.'],
      [admin, 'Please also confirm the cost-sharing: this program does not allow voluntary cost sharing.'],
      [me, 'Understood, none planned.'],
      [admin, 'Great. I have opened a record for the proposal in our system.'],
      [admin, 'Send me the draft budget justification when it is ready and I will review it within two days.'],
    ],
  },
  {
    type: 'group',
    name: 'Carbon Cycling Working Group',
    people: [me, priya, mateo, hana],
    unreadForFirst: 3,
    hoursAgo: 26,
    lines: [
      [priya, 'Welcome, everyone. This group is for sharing data and drafts on carbon cycling.'],
      [mateo, 'Thanks for setting it up, Priya.'],
      [hana, 'Glad to be here. I can share our wetland methane flux data set.'],
      [me, 'That would pair well with our forest plots. Which years do you have?'],
      [hana, '2015 to 2023, half-hourly, gap-filled.'],
      [priya, 'Could we aim for a joint synthesis paper this year?'],
      [mateo, 'I am in. I can run the model intercomparison.'],
      [me, 'Let us meet next Tuesday at 3 pm Eastern to scope it.'],
      [priya, 'Works for me. I will send a calendar invite.'],
      [hana, 'Tuesday works. I will bring a summary of the methane data.'],
    ],
  },
  {
    type: 'team',
    name: 'Macrosystems Proposal Team',
    people: [me, admin, jordanH, elena],
    unreadForFirst: 0,
    hoursAgo: 50,
    lines: [
      [me, 'Team, this is our space for the Macrosystems Biology proposal.'],
      [jordanH, 'Thanks, Jordan. I will cover the microbial ecology aim.'],
      [elena, 'I will take the scaling and modelling aim.'],
      [admin, 'I will coordinate budgets and compliance with each sponsored programs office.'],
      [me, 'First internal deadline: concept note in two weeks.'],
      [elena, 'Should we include a postdoc at each site?'],
      [jordanH, 'One shared postdoc may read better for review and budget.'],
      [admin, 'Either works within the cap; I can model both budgets.'],
      [me, 'Please do, Morgan. We will decide at Thursday’s call.'],
      [elena, 'Sounds good. Talk Thursday.'],
    ],
  },
];

/** Creates the demo conversations once; returns false when already loaded or the demo people are missing. */
export async function loadDemoConversations(db: Db, _config: Config): Promise<boolean> {
  if (await getMeta(db, 'demo_conversations_seeded_at')) return false;
  const emails = [...new Set(demoConversations.flatMap((c) => c.people))];
  const idOf = await findUserIdsByEmail(db, emails);
  if (emails.some((e) => !idOf.has(e))) return false;

  await withTransaction(db, async (t) => {
    for (const demo of demoConversations) {
      const ids = demo.people.map((e) => idOf.get(e)!);
      const end = Date.now() - demo.hoursAgo * 3_600_000;
      // Ten minutes between messages, ending hoursAgo.
      const at = (i: number) => new Date(end - (demo.lines.length - 1 - i) * 600_000);
      const [conversation] = await t
        .insert(conversations)
        .values({
          type: demo.type,
          name: demo.name ?? null,
          directKey: demo.type === 'direct' ? [...ids].sort().join(':') : null,
          createdBy: ids[0],
          lastSeq: demo.lines.length,
          createdAt: new Date(at(0).getTime() - 600_000),
          lastMessageAt: at(demo.lines.length - 1),
        })
        .onConflictDoNothing()
        .returning({ id: conversations.id });
      if (!conversation) continue;
      await t.insert(conversationMembers).values(
        ids.map((userId, i) => ({
          conversationId: conversation.id,
          userId,
          joinedAt: new Date(at(0).getTime() - 600_000),
          lastReadSeq: i === 0 ? demo.lines.length - demo.unreadForFirst : demo.lines.length,
        })),
      );
      await t.insert(messages).values(
        demo.lines.map(([from, content], i) => ({
          conversationId: conversation.id,
          seq: i + 1,
          senderId: idOf.get(from)!,
          content,
          clientId: `demo-${i + 1}`,
          createdAt: at(i),
        })),
      );
    }
    await setMeta(t, 'demo_conversations_seeded_at', new Date().toISOString());
  });
  return true;
}

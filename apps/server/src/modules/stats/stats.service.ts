// Live figures for the public home page.
import type { PublicStats } from '@grantbridge/contract/stats';
import type { Db } from '../../db/client';
import { countUsersByRole } from '../auth/auth.service';
import { countInstitutions } from '../institutions/institutions.service';
import { getCatalogueCounts } from '../grants/grants.service';

export async function getPublicStats(db: Db): Promise<PublicStats> {
  const [institutions, researchers, catalogue] = await Promise.all([
    countInstitutions(db),
    countUsersByRole(db, 'researcher'),
    getCatalogueCounts(db),
  ]);
  return {
    openGrants: catalogue.open,
    totalGrants: catalogue.total,
    agencies: catalogue.agencies,
    institutions,
    researchers,
  };
}

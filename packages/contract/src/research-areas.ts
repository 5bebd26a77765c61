// The research-area vocabulary: the seed's 13 ecology areas plus broad fields
// derived from ANZSRC 2020 Fields of Research (divisions and groups, renamed
// to the names US researchers use). Grants get areas from it at import by the
// keywords below; profiles and search use the same names.
//
// Keywords are lower-case words or phrases, matched on whole words after a
// light plural folding (so "forest" also matches "forests"). `categories` are
// Grants.gov CategoryOfFundingActivity codes that hint at the area.

export type ResearchAreaDefinition = {
  name: string;
  /** ANZSRC 2020 FoR codes the area was derived from (empty for the seed's ecology areas). */
  anzsrc: readonly string[];
  keywords: readonly string[];
  categories?: readonly string[];
};

export const ecologyAreaDefinitions: readonly ResearchAreaDefinition[] = [
  { name: 'Ecosystem Ecology', anzsrc: ['3103'], keywords: ['ecosystem', 'ecosystem ecology', 'ecological', 'ecology', 'ecologist'] },
  { name: 'Forest Ecology', anzsrc: ['3007'], keywords: ['forest', 'forest ecology', 'woodland', 'silviculture', 'tree mortality', 'wildland fire', 'forest health'] },
  {
    name: 'Sustainable Agriculture',
    anzsrc: ['3002'],
    keywords: ['sustainable agriculture', 'agroecology', 'regenerative agriculture', 'organic farming', 'organic agriculture', 'cover crop', 'soil health', 'sustainable farming', 'conservation agriculture', 'agroforestry'],
  },
  {
    name: 'Plant Ecophysiology',
    anzsrc: ['3108'],
    keywords: ['ecophysiology', 'plant physiology', 'photosynthesis', 'plant stress', 'drought tolerance', 'transpiration', 'plant water use'],
  },
  {
    name: 'Restoration Ecology',
    anzsrc: ['4102'],
    keywords: ['restoration ecology', 'ecological restoration', 'habitat restoration', 'ecosystem restoration', 'wetland restoration', 'stream restoration', 'restore habitat', 'revegetation', 'invasive species', 'habitat'],
  },
  { name: 'Ecohydrology', anzsrc: ['3707'], keywords: ['ecohydrology', 'riparian', 'wetland', 'streamflow', 'floodplain', 'aquatic ecosystem'] },
  {
    name: 'Climate Change',
    anzsrc: ['3702', '4101'],
    keywords: ['climate change', 'climate', 'global warming', 'greenhouse gas', 'climate adaptation', 'climate resilience', 'sea level rise'],
  },
  { name: 'Water Cycle', anzsrc: ['3707'], keywords: ['water cycle', 'hydrologic', 'hydrological', 'hydrology', 'precipitation', 'groundwater', 'evapotranspiration', 'drought'] },
  { name: 'Carbon Cycling', anzsrc: ['3703'], keywords: ['carbon cycle', 'carbon cycling', 'carbon sequestration', 'carbon storage', 'soil carbon', 'blue carbon', 'carbon flux', 'carbon dioxide'] },
  { name: 'Nutrient Cycling', anzsrc: ['4106'], keywords: ['nutrient cycling', 'nitrogen', 'phosphorus', 'biogeochemical', 'biogeochemistry', 'nutrient loading', 'nutrient runoff'] },
  {
    name: 'Environmental Systems',
    anzsrc: ['4104'],
    keywords: ['environmental system', 'earth system', 'environmental monitoring', 'environmental observation', 'socio ecological', 'coupled human and natural', 'natural resource'],
  },
  { name: 'Watershed Management', anzsrc: ['4104'], keywords: ['watershed', 'river basin', 'stormwater', 'nonpoint source', 'water quality', 'estuary', 'estuarine'] },
  { name: 'Ecosystem Services', anzsrc: ['4102'], keywords: ['ecosystem service', 'natural capital', 'pollination', 'pollinator'] },
];

export const broadAreaDefinitions: readonly ResearchAreaDefinition[] = [
  { name: 'Agriculture', anzsrc: ['30', '3002', '3004'], keywords: ['agriculture', 'agricultural', 'farm', 'farmer', 'crop', 'livestock', 'agronomy', 'rancher', 'specialty crop'], categories: ['AG'] },
  { name: 'Food Science', anzsrc: ['3006'], keywords: ['food science', 'food safety', 'food security', 'food system', 'foodborne', 'food processing'] },
  { name: 'Veterinary Science', anzsrc: ['3009'], keywords: ['veterinary', 'animal health', 'zoonotic', 'animal disease'] },
  { name: 'Fisheries', anzsrc: ['3005'], keywords: ['fishery', 'fisheries', 'aquaculture', 'fish stock', 'salmon', 'fish habitat', 'marine fish'] },
  { name: 'Forestry', anzsrc: ['3007'], keywords: ['forestry', 'timber', 'forest management', 'national forest', 'wood product'] },
  { name: 'Wildlife Conservation', anzsrc: ['3109', '4104'], keywords: ['wildlife', 'endangered species', 'threatened species', 'migratory bird', 'species conservation', 'refuge', 'bird conservation'] },
  { name: 'Biodiversity', anzsrc: ['3103'], keywords: ['biodiversity', 'biological diversity', 'species richness', 'biological survey'] },
  { name: 'Genomics', anzsrc: ['3105'], keywords: ['genomics', 'genomic', 'genetics', 'genetic', 'genome', 'gene', 'sequencing'] },
  { name: 'Molecular Biology', anzsrc: ['3101'], keywords: ['molecular biology', 'cell biology', 'biochemistry', 'protein', 'molecular'] },
  { name: 'Microbiology', anzsrc: ['3107'], keywords: ['microbiology', 'microbial', 'microbiome', 'bacteria', 'bacterial', 'virology', 'pathogen'] },
  { name: 'Plant Biology', anzsrc: ['3108'], keywords: ['plant biology', 'plant science', 'botany', 'plant genome', 'plant breeding', 'plant pathology'] },
  { name: 'Bioinformatics', anzsrc: ['3102'], keywords: ['bioinformatics', 'computational biology', 'systems biology'] },
  { name: 'Neuroscience', anzsrc: ['3209'], keywords: ['neuroscience', 'brain', 'neurological', 'neurodegenerative', 'alzheimer', 'neural', 'stroke'] },
  { name: 'Cancer Research', anzsrc: ['3211'], keywords: ['cancer', 'oncology', 'tumor', 'carcinogenesis'] },
  { name: 'Infectious Diseases', anzsrc: ['3207', '4202'], keywords: ['infectious disease', 'hiv', 'malaria', 'tuberculosis', 'vaccine', 'influenza', 'pandemic', 'covid'] },
  { name: 'Immunology', anzsrc: ['3204'], keywords: ['immunology', 'immune', 'autoimmune', 'allergy'] },
  { name: 'Cardiovascular Health', anzsrc: ['3201'], keywords: ['cardiovascular', 'heart disease', 'cardiac', 'hypertension', 'blood pressure'] },
  { name: 'Mental Health', anzsrc: ['5203'], keywords: ['mental health', 'mental illness', 'behavioral health', 'suicide prevention', 'depression', 'trauma informed'] },
  { name: 'Substance Use', anzsrc: ['4206'], keywords: ['substance use', 'substance abuse', 'opioid', 'addiction', 'alcohol', 'tobacco', 'drug abuse'] },
  { name: 'Public Health', anzsrc: ['4206'], keywords: ['public health', 'health promotion', 'disease prevention', 'community health', 'health disparity', 'health equity', 'maternal', 'injury prevention'], categories: ['HL'] },
  { name: 'Epidemiology', anzsrc: ['4202'], keywords: ['epidemiology', 'epidemiological', 'surveillance', 'outbreak'] },
  { name: 'Health Services', anzsrc: ['4203'], keywords: ['health care', 'healthcare', 'health services', 'health system', 'primary care', 'hospital', 'telehealth', 'medicaid', 'medicare'] },
  { name: 'Nursing', anzsrc: ['4205'], keywords: ['nursing', 'nurse', 'midwifery'] },
  { name: 'Nutrition', anzsrc: ['3210'], keywords: ['nutrition', 'diet', 'dietary', 'obesity', 'school meal'], categories: ['FN'] },
  { name: 'Pharmacology', anzsrc: ['3214'], keywords: ['pharmacology', 'pharmaceutical', 'drug development', 'drug discovery', 'therapeutics', 'pharmacokinetic'] },
  { name: 'Biomedical Engineering', anzsrc: ['4003'], keywords: ['biomedical engineering', 'medical device', 'bioengineering', 'imaging', 'prosthetic'] },
  { name: 'Chemistry', anzsrc: ['34'], keywords: ['chemistry', 'chemical', 'catalysis', 'chemist'] },
  { name: 'Materials Science', anzsrc: ['4016', '3403'], keywords: ['materials science', 'advanced material', 'polymer', 'composite', 'semiconductor', 'metallurgy'] },
  { name: 'Nanotechnology', anzsrc: ['4018'], keywords: ['nanotechnology', 'nanoscale', 'nanomaterial', 'nanoparticle'] },
  { name: 'Physics', anzsrc: ['51'], keywords: ['physics', 'quantum', 'particle physics', 'plasma', 'nuclear physics', 'optics', 'laser'] },
  { name: 'Astronomy and Space Science', anzsrc: ['5101', '5109', '4001'], keywords: ['astronomy', 'astrophysics', 'space science', 'planetary', 'heliophysics', 'space exploration', 'satellite'] },
  { name: 'Mathematics', anzsrc: ['49'], keywords: ['mathematics', 'mathematical', 'applied mathematics', 'modeling and simulation'] },
  { name: 'Statistics', anzsrc: ['4905'], keywords: ['statistics', 'statistical', 'survey methodology', 'biostatistics'] },
  { name: 'Computer Science', anzsrc: ['46'], keywords: ['computer science', 'computing', 'software', 'algorithm', 'high performance computing', 'cyberinfrastructure'] },
  { name: 'Artificial Intelligence', anzsrc: ['4602'], keywords: ['artificial intelligence', 'ai', 'autonomous system', 'natural language processing', 'computer vision'] },
  { name: 'Machine Learning', anzsrc: ['4611'], keywords: ['machine learning', 'deep learning', 'neural network', 'predictive model'] },
  { name: 'Data Science', anzsrc: ['4605'], keywords: ['data science', 'big data', 'data analytics', 'data management', 'open data', 'data sharing'] },
  { name: 'Cybersecurity', anzsrc: ['4604'], keywords: ['cybersecurity', 'cyber security', 'information security', 'privacy', 'cyber'] },
  { name: 'Engineering', anzsrc: ['40'], keywords: ['engineering', 'engineer'] },
  { name: 'Civil Infrastructure', anzsrc: ['4005'], keywords: ['civil engineering', 'civil infrastructure', 'infrastructure resilience', 'bridge', 'highway', 'construction', 'transportation infrastructure'] },
  { name: 'Electrical Engineering', anzsrc: ['4008', '4009'], keywords: ['electrical engineering', 'electronics', 'sensor', 'microelectronics', 'power electronics', 'wireless'] },
  { name: 'Aerospace Engineering', anzsrc: ['4001'], keywords: ['aerospace', 'aeronautics', 'aviation', 'aircraft', 'propulsion', 'hypersonic'] },
  { name: 'Robotics', anzsrc: ['4007'], keywords: ['robotics', 'robot', 'robotic', 'unmanned', 'autonomous vehicle', 'drone'] },
  { name: 'Manufacturing', anzsrc: ['4014'], keywords: ['manufacturing', 'additive manufacturing', 'industrial', 'supply chain'] },
  { name: 'Energy', anzsrc: ['4008', '4019'], keywords: ['energy', 'electricity', 'power grid', 'fossil energy', 'nuclear energy', 'energy efficiency', 'fuel', 'battery'], categories: ['EN'] },
  { name: 'Renewable Energy', anzsrc: ['4008'], keywords: ['renewable energy', 'solar', 'wind energy', 'geothermal', 'hydropower', 'bioenergy', 'biofuel', 'clean energy'] },
  { name: 'Transportation', anzsrc: ['3509'], keywords: ['transportation', 'transit', 'traffic', 'railroad', 'vehicle', 'freight', 'highway safety'], categories: ['T'] },
  { name: 'Earth Sciences', anzsrc: ['37', '3705', '3706'], keywords: ['geology', 'geological', 'geoscience', 'geophysics', 'seismic', 'earthquake', 'volcano', 'mineral'] },
  { name: 'Atmospheric Science', anzsrc: ['3701'], keywords: ['atmospheric', 'atmosphere', 'weather', 'meteorology', 'air quality', 'hurricane', 'storm'] },
  { name: 'Oceanography', anzsrc: ['3708'], keywords: ['ocean', 'oceanography', 'oceanic', 'marine', 'coastal', 'coral reef', 'sea grant', 'great lakes'] },
  { name: 'Water Resources', anzsrc: ['3707', '4011'], keywords: ['water resource', 'drinking water', 'wastewater', 'water supply', 'irrigation', 'water infrastructure'] },
  { name: 'Environmental Science', anzsrc: ['41'], keywords: ['environmental science', 'environmental', 'conservation'], categories: ['ENV', 'NR'] },
  { name: 'Environmental Health', anzsrc: ['4105'], keywords: ['environmental health', 'pollution', 'contamination', 'toxic', 'hazardous waste', 'pesticide', 'lead poisoning', 'brownfield', 'superfund'] },
  { name: 'Soil Science', anzsrc: ['4106'], keywords: ['soil', 'soil science', 'erosion', 'soil conservation'] },
  { name: 'Urban Planning', anzsrc: ['3304'], keywords: ['urban planning', 'urban', 'land use', 'smart city', 'regional planning'] },
  { name: 'Economics', anzsrc: ['38'], keywords: ['economics', 'economy', 'economic research', 'economic analysis', 'trade', 'labor market'] },
  { name: 'Small Business', anzsrc: ['35'], keywords: ['small business', 'entrepreneur', 'entrepreneurship', 'sbir', 'sttr', 'commercialization', 'startup'], categories: ['BC'] },
  { name: 'Education', anzsrc: ['39'], keywords: ['education', 'educational', 'school', 'student', 'teacher', 'curriculum', 'learning', 'literacy'], categories: ['ED'] },
  { name: 'STEM Education', anzsrc: ['3904'], keywords: ['stem education', 'stem learning', 'stem workforce', 'stem field', 'stem program', 'stem career', 'science education', 'undergraduate research', 'graduate fellowship', 'research experience'] },
  { name: 'Workforce Development', anzsrc: ['3505'], keywords: ['workforce', 'job training', 'employment', 'apprenticeship', 'career', 'vocational'], categories: ['ELT'] },
  { name: 'Social Sciences', anzsrc: ['44', '4410'], keywords: ['social science', 'sociology', 'anthropology', 'demography', 'social behavioral'] },
  { name: 'Psychology', anzsrc: ['52'], keywords: ['psychology', 'psychological', 'cognitive', 'behavioral science'] },
  { name: 'Criminal Justice', anzsrc: ['4402'], keywords: ['criminal justice', 'crime', 'law enforcement', 'juvenile justice', 'victim', 'violence', 'corrections', 'policing'], categories: ['LJL'] },
  { name: 'Law and Policy', anzsrc: ['48', '4407'], keywords: ['law', 'legal', 'policy', 'regulation', 'governance', 'public administration'] },
  { name: 'International Development', anzsrc: ['4404'], keywords: ['international development', 'developing country', 'humanitarian', 'refugee', 'foreign assistance', 'democracy', 'human rights', 'embassy'] },
  { name: 'Humanities', anzsrc: ['50', '47'], keywords: ['humanities', 'philosophy', 'religion', 'literature', 'language', 'linguistics', 'translation'], categories: ['HU'] },
  { name: 'History and Heritage', anzsrc: ['43'], keywords: ['history', 'historic', 'historical', 'archaeology', 'heritage', 'museum', 'historic preservation', 'archival'] },
  { name: 'Arts', anzsrc: ['36'], keywords: ['arts', 'artist', 'music', 'theater', 'dance', 'visual art', 'performing art', 'cultural exchange', 'creative writing'], categories: ['AR'] },
  { name: 'Indigenous Studies', anzsrc: ['45'], keywords: ['tribal', 'tribe', 'native american', 'indian tribe', 'alaska native', 'native hawaiian', 'indigenous'] },
  { name: 'Community Development', anzsrc: ['4404'], keywords: ['community development', 'economic development', 'rural development', 'rural', 'community based', 'neighborhood', 'revitalization'], categories: ['CD', 'RD'] },
  { name: 'Housing', anzsrc: ['3302'], keywords: ['housing', 'homeless', 'homelessness', 'affordable housing'], categories: ['HO'] },
  { name: 'Disaster Resilience', anzsrc: ['4005', '4407'], keywords: ['disaster', 'emergency management', 'hazard mitigation', 'resilience', 'flood', 'wildfire', 'emergency preparedness'], categories: ['DPR'] },
  { name: 'Defense and Security', anzsrc: ['4604'], keywords: ['defense', 'military', 'homeland security', 'national security', 'army', 'navy', 'air force', 'counterterrorism'] },
  { name: 'Children and Families', anzsrc: ['4409'], keywords: ['child', 'children', 'youth', 'family', 'families', 'early childhood', 'adolescent', 'child welfare'] },
  { name: 'Aging', anzsrc: ['4203'], keywords: ['aging', 'older adult', 'elderly', 'senior citizen', 'gerontology'] },
  { name: 'Disability', anzsrc: ['4201'], keywords: ['disability', 'disabilities', 'rehabilitation', 'assistive technology', 'independent living'] },
];

export const ecologyAreas: readonly string[] = ecologyAreaDefinitions.map((a) => a.name);
export const broadAreas: readonly string[] = broadAreaDefinitions.map((a) => a.name);

/** Every research-area name, ecology areas first, in a fixed order. */
export const researchAreas: readonly string[] = [...ecologyAreas, ...broadAreas];

export const researchAreaDefinitions: readonly ResearchAreaDefinition[] = [
  ...ecologyAreaDefinitions,
  ...broadAreaDefinitions,
];

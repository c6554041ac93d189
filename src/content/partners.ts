/** Partner organisations shown in the logo slider (section id `clients`); logos are local SVG wordmarks. */
export interface Partner {
  name: string;
  logo: string;
}

const partner = (name: string, file: string): Partner => ({ name, logo: `/img/partners/${file}.svg` });

export const partners: readonly Partner[] = [
  partner('Kora Bank', 'kora-bank'),
  partner('Savannah Tech', 'savannah-tech'),
  partner('Lagos Business Hub', 'lagos-business-hub'),
  partner('Acacia Consulting', 'acacia-consulting'),
  partner('Baobab Foundation', 'baobab-foundation'),
  partner('Nile Logistics', 'nile-logistics'),
  partner('Sahel Health', 'sahel-health'),
];

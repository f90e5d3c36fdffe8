/**
 * Region lists of the countries whose forms offer a select: the official postal
 * abbreviations (USPS, Canada Post, Australia Post) and the names in their own language
 * (proper names are not translated; docs/addresses.md).
 */
export interface RegionOption {
  code: string;
  name: string;
}

const list = (pairs: string): readonly RegionOption[] =>
  pairs.split(";").map((pair) => {
    const [code = "", name = ""] = pair.split("=");
    return { code, name };
  });

export const usStates = list(
  "AL=Alabama;AK=Alaska;AZ=Arizona;AR=Arkansas;CA=California;CO=Colorado;CT=Connecticut;" +
    "DE=Delaware;DC=District of Columbia;FL=Florida;GA=Georgia;HI=Hawaii;ID=Idaho;" +
    "IL=Illinois;IN=Indiana;IA=Iowa;KS=Kansas;KY=Kentucky;LA=Louisiana;ME=Maine;" +
    "MD=Maryland;MA=Massachusetts;MI=Michigan;MN=Minnesota;MS=Mississippi;MO=Missouri;" +
    "MT=Montana;NE=Nebraska;NV=Nevada;NH=New Hampshire;NJ=New Jersey;NM=New Mexico;" +
    "NY=New York;NC=North Carolina;ND=North Dakota;OH=Ohio;OK=Oklahoma;OR=Oregon;" +
    "PA=Pennsylvania;RI=Rhode Island;SC=South Carolina;SD=South Dakota;TN=Tennessee;" +
    "TX=Texas;UT=Utah;VT=Vermont;VA=Virginia;WA=Washington;WV=West Virginia;" +
    "WI=Wisconsin;WY=Wyoming;AS=American Samoa;GU=Guam;MP=Northern Mariana Islands;" +
    "PR=Puerto Rico;VI=U.S. Virgin Islands;AA=Armed Forces Americas;" +
    "AE=Armed Forces Europe;AP=Armed Forces Pacific",
);

export const caProvinces = list(
  "AB=Alberta;BC=British Columbia;MB=Manitoba;NB=New Brunswick;" +
    "NL=Newfoundland and Labrador;NT=Northwest Territories;NS=Nova Scotia;NU=Nunavut;" +
    "ON=Ontario;PE=Prince Edward Island;QC=Quebec;SK=Saskatchewan;YT=Yukon",
);

export const auStates = list(
  "ACT=Australian Capital Territory;NSW=New South Wales;NT=Northern Territory;" +
    "QLD=Queensland;SA=South Australia;TAS=Tasmania;VIC=Victoria;WA=Western Australia",
);

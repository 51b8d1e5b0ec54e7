/**
 * The language picked in the picker (src/components/LanguagePickerScript.astro), remembered on this
 * device for a year in a cookie that the hosts' edge reads (src/routing/door.ts). A preference, not
 * a secret: readable by scripts, sent to this site only. (Not in local storage as well: the door
 * decides at the edge, which cannot read it, and putting a cleared cookie back from it cost more
 * first-load JS than the login and sign-up pages have left under their ceiling.)
 */
export const LANGUAGE_COOKIE = 'lang';

/**
 * How easy a new password is to guess (decision 067), with zxcvbn-ts and its common
 * dictionaries (passwords, names, keyboard rows), the account's e-mail address and the
 * company's name as words a guesser would try first. Server only: the dictionaries are about a
 * megabyte, which no page should download.
 */
import { type TranslationKeys, ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/** zxcvbn's score from 0 to 4: 3 resists an online attack for years, and a stolen hash a while. */
export const minimumPasswordScore = 3;

/**
 * zxcvbn's feedback in the back office's own words (the package of English sentences is not
 * installed; these read better beside the form anyway).
 */
const translations: TranslationKeys = {
  warnings: {
    straightRow: "Keys in a row on the keyboard are easy to guess.",
    keyPattern: "Short keyboard patterns are easy to guess.",
    simpleRepeat: 'A repeated character, such as "aaa", is easy to guess.',
    extendedRepeat: 'Repeated characters, such as "abcabcabc", are easy to guess.',
    sequences: 'A sequence, such as "abc" or "6543", is easy to guess.',
    recentYears: "Recent years are easy to guess.",
    dates: "Dates are easy to guess.",
    topTen: "It is one of the ten most used passwords.",
    topHundred: "It is one of the hundred most used passwords.",
    common: "It is a commonly used password.",
    similarToCommon: "It is too like a commonly used password.",
    wordByItself: "A single word is easy to guess.",
    namesByThemselves: "A name or surname by itself is easy to guess.",
    commonNames: "Common names and surnames are easy to guess.",
    userInputs: "It contains your e-mail address or the company's name.",
    pwned: "It has appeared in a data breach.",
  },
  suggestions: {
    l33t: 'Letters swapped for look-alikes, such as "@" for "a", do not help.',
    reverseWords: "A common word spelt backwards does not help.",
    allUppercase: "Capitals all through do not help much.",
    capitalization: "A capital letter at the start does not help much.",
    dates: "Leave out dates that mean something to you.",
    recentYears: "Leave out recent years.",
    associatedYears: "Leave out years that mean something to you.",
    sequences: "Leave out sequences of letters or numbers.",
    repeated: "Leave out repeated words and characters.",
    longerKeyboardPattern: "Leave out keyboard patterns.",
    anotherWord: "Add a few more words that do not belong together.",
    useWords: "Use several words together, not a single word.",
    noNeed: "Symbols, digits or capitals are not needed.",
    pwned: "Choose a password you have not used anywhere else.",
  },
  timeEstimation: {
    ltSecond: "less than a second",
    second: "{base} second",
    seconds: "{base} seconds",
    minute: "{base} minute",
    minutes: "{base} minutes",
    hour: "{base} hour",
    hours: "{base} hours",
    day: "{base} day",
    days: "{base} days",
    month: "{base} month",
    months: "{base} months",
    year: "{base} year",
    years: "{base} years",
    centuries: "centuries",
  },
};

let checker: ZxcvbnFactory | undefined;

/**
 * Why `password` is too easy to guess, in plain words for the field's message; undefined when
 * it is strong enough. `userInputs`: the account's e-mail address, the company's name.
 */
export function weakPasswordProblem(
  password: string,
  userInputs: readonly string[],
): string | undefined {
  // Built on first use: ranking the dictionaries takes a moment and a little memory.
  checker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, translations });
  // Each input whole, an address's name before the @, run together ("harborpinerealty") and
  // word by word.
  const words = userInputs.flatMap((input) => {
    const parts = input.split(/[^\p{L}\p{N}]+/u);
    return [input, input.split("@")[0] ?? "", parts.join(""), ...parts];
  });
  const result = checker.check(
    password,
    words.filter((word) => word.length >= 3),
  );
  if (result.score >= minimumPasswordScore) return undefined;
  const { warning, suggestions } = result.feedback;
  const advice = suggestions.length > 0 ? suggestions : [translations.suggestions.anotherWord];
  return ["This password is too easy to guess.", warning, ...advice]
    .filter((sentence): sentence is string => Boolean(sentence))
    .join(" ");
}

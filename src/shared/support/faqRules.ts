/** The FAQ editor's messages (platform staff edit the entries user/faqs/list answers). */
export const FAQ_MSG = {
  noQuestion: 'Question is a required attribute.',
  noAnswer: 'Answer is a required attribute.',
  tooLong: 'A question or answer can be at most 4000 characters.',
  saved: 'FAQ Saved Successfully',
  removed: 'FAQ Removed Successfully',
  notFound: 'FAQ entry not found',
} as const;

export const FAQ_TEXT_MAX = 4000;

export interface FaqEntry {
  id: number;
  question: string;
  answer: string;
  position: number;
}

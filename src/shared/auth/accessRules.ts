/**
 * Login and password rules with the spec's messages (docs/product-spec.md §5, §8), shared by the login pages and the
 * auth routes so both sides refuse the same input with the same words.
 */
export const MSG = {
  userNameBlank: 'User Name can not be blank.',
  passwordBlank: 'Password can not be blank.',
  wrongCredentials: 'Wrong Credentials',
  invalidOtp: 'Enter Valid OTP',
  invalidEmail: 'Enter valid email',
  passwordRule:
    'A minimum 8 and maximum 30 characters password contains a combination of uppercase, special character and a number is required.',
  passwordMismatch: 'Password and Confirm password must be same',
  unauthorizedUser: 'unauthorized user',
  groupExpired: 'Group Expired, Please Contact Admin',
  noGroup: 'You have not assigned to any group, Please contact admin',
  linkExpired: 'Link has been expired!',
  tokenInvalid: 'Invalid or expired link',
  blocked: 'Your account has been blocked, Please contact admin',
  tooMany: 'Too many attempts, please try again later.',
  forgotSent: 'If the e-mail is registered, a link to reset the password has been sent.',
  passwordUpdated: 'Password Updated Successfully!!',
} as const;

export const OTP_PATTERN = /^\d{6}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 30;

/**
 * The spec's e-mail shape (word, @, letters/underscores, dot, letters), widened to sub-domains and
 * top-level domains up to 6 letters: the demo address ends in '.test'.
 */
export const EMAIL_PATTERN = /^[\w.+-]+@[A-Za-z_-]+(\.[A-Za-z_-]+)*\.[A-Za-z]{2,6}$/;

/** 8-30 characters with a digit, an uppercase letter and a special character. */
export function passwordProblem(password: string, confirm?: string): string | null {
  const okLength = password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
  if (!okLength || !/\d/.test(password) || !/[A-Z]/.test(password) || !/[^A-Za-z0-9]/.test(password)) {
    return MSG.passwordRule;
  }
  if (confirm !== undefined && confirm !== password) return MSG.passwordMismatch;
  return null;
}

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

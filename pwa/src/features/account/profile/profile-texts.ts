/** Spec §8 texts of the profile forms. */
export const PROFILE_SAVED = 'Profile updated successfully!';
export const PROFILE_FAILED = 'An error occurred while updating your profile.';

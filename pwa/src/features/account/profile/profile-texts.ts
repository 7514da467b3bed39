/** Product rules §10.11 texts of the profile forms. */
export const PROFILE_SAVED = 'Profile updated successfully!';
export const PROFILE_FAILED = 'An error occurred while updating your profile.';
export const PROFILE_QUEUED = 'Saved on this device. Your profile is updated when you are back online.';
export const EMAIL_NEEDS_CONNECTION = 'Changing your e-mail needs a connection: it is checked with your password, which is never kept on the device.';

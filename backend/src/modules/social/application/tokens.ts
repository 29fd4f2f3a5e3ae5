export const SOCIAL_UNIT_OF_WORK = Symbol('SocialUnitOfWork');

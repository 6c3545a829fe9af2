// The TypeBox helpers live in core (reports defined there use them too); routes import them from here.
export { DateTime, DateTimeOrNull, MapOf, Nullable, OneOf, OpenObject, StringEnum } from '@vigil/core';

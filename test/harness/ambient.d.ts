// Types of the globals the harness installs, for the harness's own tsconfig (test/harness/tsconfig.json).
// The system itself is type-checked against fvtt-types, not against these.
import type { DataModel, TypeDataModel } from "./data-model";
import type { fields as Fields } from "./fields";
import type { DataModelValidationError, DataModelValidationFailure } from "./validation";
import type { Hooks as HooksClass } from "./hooks";
import type { Actor as ActorClass, Item as ItemClass, User as UserClass, TokenDocument as TokenClass, ActiveEffect as AEClass } from "./documents";
import type { Document, fromUuidSync as FUS, fromUuid as FU } from "./document";
import type { Localization } from "./i18n";

declare global {
  var foundry: {
    abstract: { DataModel: typeof DataModel; TypeDataModel: typeof TypeDataModel; Document: typeof Document };
    data: { fields: typeof Fields; validation: { DataModelValidationError: typeof DataModelValidationError; DataModelValidationFailure: typeof DataModelValidationFailure } };
    helpers: { Localization: typeof Localization; [k: string]: any };
    [k: string]: any;
  };
  var CONFIG: any;
  var CONST: any;
  var game: any;
  var ui: any;
  var Hooks: typeof HooksClass;
  var Actor: typeof ActorClass;
  var Item: typeof ItemClass;
  var User: typeof UserClass;
  var TokenDocument: typeof TokenClass;
  var ActiveEffect: typeof AEClass;
  var fromUuidSync: typeof FUS;
  var fromUuid: typeof FU;
  var Roll: any;
  var ChatMessage: any;
  var Combat: any;
  var Combatant: any;
  var Handlebars: any;
}
export {};

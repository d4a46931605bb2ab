import { LookoutError } from '../failure.js';
import { SETTING_NAMES, type SettingName, type Settings, settingsSchema } from './schema.js';

const PREFIX = 'LOOKOUT_';

export const envName = (setting: SettingName): string => `${PREFIX}${setting.toUpperCase()}`;

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

/** The kind of value a setting holds, read off its schema, so env text can be turned into it. */
function kindOf(setting: SettingName): string {
  let def = settingsSchema.shape[setting]._zod.def as { type: string; innerType?: unknown };
  while (def.innerType && (def.type === 'default' || def.type === 'optional')) {
    def = (def.innerType as { _zod: { def: typeof def } })._zod.def;
  }
  if (def.type === 'array') {
    const element = (def as unknown as { element: { _zod: { def: { type: string } } } }).element;
    return `array:${element._zod.def.type}`;
  }
  return def.type;
}

function fromText(setting: SettingName, text: string): unknown {
  const kind = kindOf(setting);
  const value = text.trim();
  if (kind === 'boolean') {
    const lower = value.toLowerCase();
    if (TRUE.has(lower)) return true;
    if (FALSE.has(lower)) return false;
    return value;
  }
  if (kind === 'number') return value === '' ? Number.NaN : Number(value);
  if (kind.startsWith('array:')) {
    const items = value === '' ? [] : value.split(',').map((item) => item.trim());
    return kind === 'array:number'
      ? items.map((item) => (item === '' ? Number.NaN : Number(item)))
      : items;
  }
  return value;
}

export interface EnvReading {
  /** Setting values given by the environment, not yet checked. */
  values: Partial<Record<SettingName, unknown>>;
  /** `LOOKOUT_` variables that name no setting (likely typos). */
  unknown: string[];
}

/** Known variables that are not settings (read elsewhere), so they are not reported as typos. */
const NOT_SETTINGS = new Set<string>(['LOOKOUT_DEBUG']);

export function readEnv(env: NodeJS.ProcessEnv): EnvReading {
  const values: EnvReading['values'] = {};
  for (const setting of SETTING_NAMES) {
    const text = env[envName(setting)];
    if (text !== undefined) values[setting] = fromText(setting, text);
  }
  const known = new Set(SETTING_NAMES.map(envName));
  const unknown = Object.keys(env).filter(
    (name) => name.startsWith(PREFIX) && !known.has(name) && !NOT_SETTINGS.has(name),
  );
  return { values, unknown };
}

/**
 * Settings from defaults, then `stored` (saved settings), then the
 * environment, which wins. A bad value is refused with every offending
 * variable named.
 */
export function loadSettings(
  env: NodeJS.ProcessEnv = process.env,
  stored: Partial<Record<SettingName, unknown>> = {},
): Settings {
  const { values } = readEnv(env);
  const parsed = settingsSchema.safeParse({ ...stored, ...values });
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const setting = issue.path[0] as SettingName;
    const where = setting in values ? envName(setting) : `setting ${setting}`;
    const given = setting in values ? ` (got "${env[envName(setting)]}")` : '';
    return `${where}: ${issue.message}${given}`;
  });
  throw new LookoutError('bad_setting', [...new Set(problems)].join('\n'));
}

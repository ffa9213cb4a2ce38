// Frictionless's Data Package and Table Schema libraries ship without types; only what the tests use.
declare module "datapackage" {
  export class Resource {
    readonly name: string;
    readonly tabular: boolean;
    read(options?: { keyed?: boolean; relations?: boolean; cast?: boolean }): Promise<unknown[]>;
  }
  export class Package {
    static load(descriptor: object | string, options?: { basePath?: string; strict?: boolean }): Promise<Package>;
    readonly valid: boolean;
    readonly errors: Error[];
    readonly resources: Resource[];
    getResource(name: string): Resource | null;
  }
}

declare module "tableschema" {
  export class Table {
    static load(source: string, options?: { schema?: object; headers?: number }): Promise<Table>;
    read(options?: { keyed?: boolean; cast?: boolean; relations?: object | false }): Promise<Record<string, unknown>[]>;
  }
}

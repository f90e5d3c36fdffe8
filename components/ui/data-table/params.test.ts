import { describe, expect, it } from "vitest";
import { createDataTableLoader, createDataTableSerializer, type DataTableConfig } from "./params";

const config: DataTableConfig<"name" | "createdAt"> = {
  sortable: ["name", "createdAt"],
  defaultSort: "createdAt",
  defaultDir: "desc",
};

describe("data table URL state", () => {
  const load = createDataTableLoader(config);

  it("falls back to the defaults", () => {
    expect(load(new URLSearchParams())).toEqual({
      page: 1,
      size: 10,
      sort: "createdAt",
      dir: "desc",
    });
  });

  it("reads valid values and rejects unknown ones", () => {
    expect(load("?page=3&size=50&sort=name&dir=asc")).toEqual({
      page: 3,
      size: 50,
      sort: "name",
      dir: "asc",
    });
    expect(load("?page=x&size=7&sort=password&dir=sideways")).toEqual({
      page: 1,
      size: 10,
      sort: "createdAt",
      dir: "desc",
    });
  });

  it("serialises the state, leaving defaults out of the URL", () => {
    const serialize = createDataTableSerializer(config);
    expect(serialize("/list", { page: 2, sort: "name", dir: "asc" })).toBe(
      "/list?page=2&sort=name&dir=asc",
    );
    expect(serialize("/list", { page: 1, size: 10 })).toBe("/list");
  });

  it("prefixes the keys when a page holds two tables", () => {
    const prefixed = createDataTableLoader({ ...config, prefix: "orders" });
    expect(prefixed("?ordersPage=4&page=2")).toMatchObject({ page: 4 });
  });
});

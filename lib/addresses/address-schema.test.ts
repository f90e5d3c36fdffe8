import { describe, expect, it } from "vitest";
import { encodeValidationMessage } from "@/lib/validation/messages";
import { parseWithValidation } from "@/lib/validation/parse";
import { addressSchema, updateAddressSchema } from "./address-schema";

const us = {
  country: "us",
  recipientName: " Ana Ruiz ",
  line1: "1 Main St",
  city: "Springfield",
  region: "illinois",
  postalCode: "627011234",
};

describe("the address schema", () => {
  it("normalises what it accepts", () => {
    const parsed = parseWithValidation(addressSchema, { ...us, label: "", phone: "", line2: "" });
    expect(parsed).toEqual({
      success: true,
      data: {
        country: "US",
        label: null,
        recipientName: "Ana Ruiz",
        phone: null,
        line1: "1 Main St",
        line2: null,
        city: "Springfield",
        region: "IL",
        postalCode: "62701-1234",
        isDefault: false,
      },
    });
  });

  it("refuses a bad postcode and a missing region with the spec's messages, on their fields", () => {
    const parsed = parseWithValidation(addressSchema, { ...us, region: "", postalCode: "1234" });
    expect(parsed).toEqual({
      success: false,
      fieldErrors: {
        postalCode: [encodeValidationMessage("format")],
        region: [encodeValidationMessage("required")],
      },
    });
  });

  it("refuses an unknown region of a listed country and an unknown country", () => {
    expect(parseWithValidation(addressSchema, { ...us, region: "Narnia" })).toMatchObject({
      success: false,
      fieldErrors: { region: [encodeValidationMessage("format")] },
    });
    expect(parseWithValidation(addressSchema, { ...us, country: "UK" })).toMatchObject({
      success: false,
      fieldErrors: { country: [encodeValidationMessage("format")] },
    });
  });

  it("requires the name, street and city, and refuses a phone that is not one", () => {
    const parsed = parseWithValidation(addressSchema, {
      country: "GB",
      recipientName: "",
      line1: " ",
      city: "",
      postalCode: "SW1A1AA",
      phone: "call me",
    });
    expect(parsed).toEqual({
      success: false,
      fieldErrors: {
        recipientName: [encodeValidationMessage("required")],
        line1: [encodeValidationMessage("required")],
        city: [encodeValidationMessage("required")],
        phone: [encodeValidationMessage("format")],
      },
    });
  });

  it("accepts a GB address without a county, and the checkbox as 'on'", () => {
    const parsed = parseWithValidation(addressSchema, {
      country: "GB",
      recipientName: "Sam",
      line1: "10 Downing St",
      city: "London",
      postalCode: "sw1a2aa",
      isDefault: "on",
    });
    expect(parsed).toMatchObject({
      success: true,
      data: { postalCode: "SW1A 2AA", region: null, isDefault: true },
    });
  });

  it("needs the id and version to update", () => {
    expect(parseWithValidation(updateAddressSchema, us)).toMatchObject({
      success: false,
      fieldErrors: { addressId: expect.any(Array), version: expect.any(Array) },
    });
    const parsed = parseWithValidation(updateAddressSchema, {
      ...us,
      addressId: "5f0c2b1e-4a8a-4c1e-9a51-2d6f0a0b7c11",
      version: "3",
    });
    expect(parsed).toMatchObject({ success: true, data: { version: 3, postalCode: "62701-1234" } });
  });
});

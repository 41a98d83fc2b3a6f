"use client";

export { PageError as default } from "@/components/ui/page-error";

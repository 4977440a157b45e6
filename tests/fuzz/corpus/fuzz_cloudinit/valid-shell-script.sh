#!/bin/bash
echo hello > /dev/console

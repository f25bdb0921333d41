/* counting's public header */
